import { randomUUID } from 'node:crypto';
import { soloGame } from '@sayspell/core/game/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountRepository } from '../src/auth/account-repository.ts';
import { createUsers } from '../src/auth/users.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { languages as languagesTable } from '../src/db/schema.ts';
import { createEnterpriseRepository } from '../src/enterprise/enterprise-repository.ts';
import { createGameRepository } from '../src/games/game-repository.ts';
import { createLearningRepository, type WordMemory } from '../src/learning/learning-repository.ts';
import { createChatRepository } from '../src/social/chat-repository.ts';
import { createInviteRepository } from '../src/social/invite-repository.ts';
import { createModerationRepository } from '../src/social/moderation-repository.ts';
import { createTopicPlayRepository } from '../src/topics/topic-play-repository.ts';
import { createLanguageRepository } from '../src/words/language-repository.ts';
import { createWordRepository } from '../src/words/word-repository.ts';
import { freshDataDir, onPostgres } from './harness.ts';

// the repositories' contract: what each one promises its service, checked on the store this run
// uses. the 'server' project runs it on PGlite, 'server-postgres-redis' again on PostgreSQL, so
// both stores keep the same promises (a unique index answering null, an order, a count).
// names and spellings are fresh per run: on PostgreSQL a worker's files share one database

let database: Database;
const db = () => database.db;
const unique = (prefix: string) => `${prefix}${randomUUID().slice(0, 8)}`;
const settings = {
  language: 'English',
  difficulty: 'beginner',
  category: 'category_animals',
  gameTimer: 90,
  role: 'speller',
} as const;

beforeAll(async () => {
  database = await openDatabase({
    databaseUrl: process.env.SAYSPELL_TEST_DATABASE_URL || undefined,
    dataDir: freshDataDir(),
  });
});
afterAll(() => database?.close());

const someone = async () => (await createUsers(db()).createGuest()).id;

describe(`repository contract (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  describe('invites', () => {
    it('keeps one pending invite a pair, ends it once, and lists it for both players', async () => {
      const invites = createInviteRepository(db());
      const [a, b] = [await someone(), await someone()];
      const pending = { fromId: a, toId: b, settings, createdAt: 1000, expiresAt: 31_000 };
      const invite = await invites.createPending(pending);
      expect(invite).toMatchObject({ fromId: a, toId: b, status: 'pending', expiresAt: 31_000 });
      // the unique index answers null, not an error
      expect(await invites.createPending(pending)).toBeNull();
      expect(await invites.hasPending(a, b)).toBe(true);
      expect(await invites.hasPending(b, a)).toBe(false);
      expect((await invites.pendingWith(b)).map((i) => i.id)).toEqual([invite!.id]);
      expect((await invites.pendingBetween(b, a)).map((i) => i.id)).toEqual([invite!.id]);
      expect(await invites.dueIds(30_999)).not.toContain(invite!.id);
      expect(await invites.dueIds(31_000)).toContain(invite!.id);

      const ended = await invites.endPending(invite!.id, {
        status: 'declined',
        reason: 'declined',
        endedAt: 2000,
      });
      expect(ended).toMatchObject({ status: 'declined', reason: 'declined', endedAt: 2000 });
      expect(
        await invites.endPending(invite!.id, { status: 'expired', reason: 'timeout', endedAt: 3000 }),
      ).toBeNull();
      expect(await invites.pendingWith(a)).toEqual([]);
      // once ended, the pair may invite again
      expect(await invites.createPending(pending)).not.toBeNull();
    });

    it('fails an accepted invite only while it has no game', async () => {
      const invites = createInviteRepository(db());
      const [a, b, c] = [await someone(), await someone(), await someone()];
      const make = async (toId: string) => {
        const i = await invites.createPending({ fromId: a, toId, settings, createdAt: 0, expiresAt: 1 });
        await invites.endPending(i!.id, { status: 'accepted', reason: 'accepted', endedAt: 1 });
        return i!.id;
      };
      const [withGame, without] = [await make(b), await make(c)];
      await invites.setGame(withGame, randomUUID());
      await invites.failAccepted(withGame, 2);
      await invites.failAccepted(without, 2);
      expect(await invites.get(withGame)).toMatchObject({ status: 'accepted' });
      expect(await invites.get(without)).toMatchObject({ status: 'cancelled', reason: 'failed', endedAt: 2 });
      expect(await invites.get(randomUUID())).toBeNull();
    });

    it('sees a player in a started game as busy, not in a created one', async () => {
      const invites = createInviteRepository(db());
      const games = createGameRepository(db());
      const [busy, idle] = [await someone(), await someone()];
      await games.insert(soloGame(['cat'], { id: randomUUID(), spellerId: busy, status: 'started' }));
      await games.insert(soloGame(['cat'], { id: randomUUID(), spellerId: idle, status: 'created' }));
      expect(await invites.inRunningGame(busy)).toBe(true);
      expect(await invites.inRunningGame(idle)).toBe(false);
    });
  });

  describe('chat messages', () => {
    it('gives the last messages of a pair oldest first, counts and clears the unread ones', async () => {
      const chat = createChatRepository(db());
      const [a, b, c] = [await someone(), await someone(), await someone()];
      for (const [i, [from, to]] of [
        [a, b],
        [b, a],
        [a, b],
        [c, b],
      ].entries()) {
        await chat.add({ id: randomUUID(), fromId: from!, toId: to!, message: `m${i}`, createdAt: 1000 + i });
      }
      expect((await chat.between(b, a, 10)).map((m) => m.message)).toEqual(['m0', 'm1', 'm2']);
      expect((await chat.between(a, b, 2)).map((m) => m.message)).toEqual(['m1', 'm2']);
      expect(await chat.unreadCounts(b)).toEqual({ [a]: 2, [c]: 1 });
      await chat.markRead(b, a, 5000);
      expect(await chat.unreadCounts(b)).toEqual({ [c]: 1 });
    });
  });

  describe('moderation', () => {
    it('keeps reports open until resolved, newest first, and feedback', async () => {
      const moderation = createModerationRepository(db());
      const [reporter, reported] = [await someone(), await someone()];
      const id = await moderation.addReport({
        kind: 'user',
        reporterId: reporter,
        reportedId: reported,
        createdAt: 9e12,
      });
      expect(await moderation.report(id)).toMatchObject({
        status: 'open',
        reportedId: reported,
        content: null,
      });
      expect((await moderation.reports('open', 200)).some((r) => r.id === id)).toBe(true);
      const resolved = await moderation.resolveReport(id, {
        status: 'dismissed',
        resolvedBy: reporter,
        resolvedAt: 1,
      });
      expect(resolved).toMatchObject({ status: 'dismissed', resolvedBy: reporter });
      expect((await moderation.reports('open', 200)).some((r) => r.id === id)).toBe(false);
      expect((await moderation.reports('all', 200)).some((r) => r.id === id)).toBe(true);
      expect(
        await moderation.resolveReport(randomUUID(), {
          status: 'actioned',
          resolvedBy: reporter,
          resolvedAt: 1,
        }),
      ).toBeNull();

      const note = { userId: reporter, subject: 's', message: 'm', createdAt: 9e12 };
      const noteId = await moderation.addFeedback(note);
      expect((await moderation.feedback(200)).find((f) => f.id === noteId)).toEqual({ id: noteId, ...note });
    });
  });

  describe('accounts', () => {
    it('signs a provider subject in as the last user linked, and forgets a deleted one', async () => {
      const accounts = createAccountRepository(db());
      const [first, second] = [await someone(), await someone()];
      const subject = unique('sub-');
      expect(await accounts.identityOwner('google', subject)).toBeNull();
      await accounts.linkIdentity({ provider: 'google', subject, userId: first, email: null });
      expect(await accounts.identityOwner('google', subject)).toBe(first);
      expect(await accounts.identityOwner('apple', subject)).toBeNull();
      await accounts.linkIdentity({ provider: 'google', subject, userId: second, email: 'x@example.com' });
      expect(await accounts.identityOwner('google', subject)).toBe(second);
      await accounts.forgetIdentitiesAndQueue(second);
      expect(await accounts.identityOwner('google', subject)).toBeNull();
      await accounts.forgetEmailLinks(second);
    });
  });

  describe('languages', () => {
    it('lists languages by position and tells which exist and are enabled', async () => {
      const languages = createLanguageRepository(db());
      const [late, early] = [unique('Zz-'), unique('Aa-')];
      await db()
        .insert(languagesTable)
        .values([
          { name: late, enabled: false, position: 9001 },
          { name: early, enabled: true, position: 9000 },
        ]);
      const mine = (await languages.list()).filter((l) => l.name === late || l.name === early);
      expect(mine).toEqual([
        { name: early, enabled: true },
        { name: late, enabled: false },
      ]);
      expect(await languages.isEnabled(early)).toBe(true);
      expect(await languages.isEnabled(late)).toBe(false);
      expect(await languages.exists(late)).toBe(true);
      expect(await languages.exists(unique('none-'))).toBe(false);
      expect(await languages.isEnabled(unique('none-'))).toBe(false);
    });
  });

  describe('the word bank', () => {
    it('adds a word once, pairs sound-alikes both ways, and audits each change', async () => {
      const bank = createWordRepository(db());
      const admin = await someone();
      const by = { adminId: admin, at: 5 };
      const [one, two] = [unique('w'), unique('w')];
      const word = (w: string) => ({
        language: 'English',
        word: w,
        category: 'random',
        difficulty: 'beginner' as const,
        ipa: null,
        syllables: null,
        definition: null,
        homonyms: [],
      });
      expect(await bank.addWord(by, word(one))).toBe(true);
      expect(await bank.addWord(by, word(one))).toBe(false);
      expect(await bank.addHomophones(by, { word1: unique('x'), word2: unique('x') })).toEqual({
        known: false,
        changed: 0,
      });
      // only `one` is in the bank: one row changes
      expect(await bank.addHomophones(by, { word1: one, word2: two })).toEqual({ known: true, changed: 1 });
      expect(await bank.addHomophones(by, { word1: one, word2: two })).toEqual({ known: true, changed: 0 });
      expect(await bank.homophonesOf(one)).toEqual([two]);
      expect(await bank.removeHomophones(by, { word1: one, word2: two })).toBe(1);
      expect(await bank.removeHomophones(by, { word1: one, word2: two })).toBe(0);
      expect(await bank.homophonesOf(one)).toEqual([]);
      expect(await bank.removeWord(by, 'English', one)).toBe(1);
      expect(await bank.removeWord(by, 'English', one)).toBe(0);

      const trail = (await bank.auditTrail(1000)).filter((e) => e.word === one);
      expect(trail.map((e) => e.action)).toEqual([
        'remove-word',
        'remove-homonym',
        'add-homonym',
        'add-word',
      ]);
      expect(trail.every((e) => e.adminId === admin && e.createdAt === 5)).toBe(true);
    });
  });

  describe('enterprises', () => {
    it('keeps names unique in any case, members and topics sorted, and removals honest', async () => {
      const enterprises = createEnterpriseRepository(db());
      const name = unique('Acme ');
      const id = await enterprises.create(name, 1);
      expect(id).not.toBeNull();
      expect(await enterprises.create(name.toUpperCase(), 1)).toBeNull();
      expect(await enterprises.idByName(name.toLowerCase())).toBe(id);
      expect(await enterprises.exists(id!)).toBe(true);

      const users = createUsers(db());
      const [zed, amy] = [await users.createGuest(), await users.createGuest()];
      await users.update(zed.id, { username: unique('zed') });
      await users.update(amy.id, { username: unique('Amy') });
      await enterprises.addMember(id!, zed.id, 1);
      await enterprises.addMember(id!, amy.id, 1);
      await enterprises.addMember(id!, amy.id, 2);
      expect(await enterprises.addTopic(id!, { name: 'Verbs', words: ['run'], difficulty: null }, 1)).toBe(
        true,
      );
      expect(await enterprises.addTopic(id!, { name: 'verbs', words: ['go'], difficulty: null }, 1)).toBe(
        false,
      );
      expect(
        await enterprises.addTopic(id!, { name: 'animals', words: ['cat'], difficulty: 'beginner' }, 1),
      ).toBe(true);

      const [e] = await enterprises.list([id!]);
      expect(e?.members.map((m) => m.id)).toEqual([amy.id, zed.id]);
      expect(e?.topics.map((t) => t.name)).toEqual(['animals', 'Verbs']);
      expect(await enterprises.topicOfMember(amy.id, 'VERBS')).toEqual({ name: 'Verbs', words: ['run'] });
      expect((await enterprises.topicNamesOf(zed.id)).sort()).toEqual(['Verbs', 'animals']);

      expect(await enterprises.removeMember(id!, zed.id)).toBe(true);
      expect(await enterprises.removeMember(id!, zed.id)).toBe(false);
      expect(await enterprises.topicOfMember(zed.id, 'verbs')).toBeNull();
      const topicId = e!.topics[0]!.id;
      expect(await enterprises.removeTopic(id!, topicId)).toBe(true);
      expect(await enterprises.removeTopic(id!, topicId)).toBe(false);
      await enterprises.remove(id!);
      expect(await enterprises.exists(id!)).toBe(false);
      expect(await enterprises.list([id!])).toEqual([]);
    });
  });

  describe('topic plays', () => {
    it('ranks topics by distinct players, then by games, then by name, within the window', async () => {
      const plays = createTopicPlayRepository(db());
      const [a, b] = [await someone(), await someone()];
      const since = 8e12 + Math.floor(Math.random() * 1e9);
      const [wide, busy, quiet, old] = ['wide', 'busy', 'quiet', 'old'].map((t) => unique(`${t}-`));
      const play = (topic: string, userId: string, at = since + 1) =>
        plays.add({ topic, userId, gameId: randomUUID(), at });
      await play(wide!, a);
      await play(wide!, b);
      await play(busy!, a);
      await play(busy!, a);
      await play(quiet!, b);
      await play(old!, a, since);
      await play(old!, b, since);
      expect(await plays.mostPlayedSince(since, 10)).toEqual([wide, busy, quiet]);
      expect(await plays.mostPlayedSince(since, 1)).toEqual([wide]);
    });
  });

  describe('learning', () => {
    it('keeps one memory a player and word, counts what is due, and keeps ratings', async () => {
      const learning = createLearningRepository(db());
      const userId = await someone();
      const memory = {
        userId,
        language: 'English',
        word: 'cat',
        seen: 1,
        right: 0,
        missed: 1,
        lastSeenAt: 10,
        box: 0,
        dueAt: 100,
        lastGuess: 'g:0',
      };
      expect(await learning.memoryOfWord(userId, 'English', 'cat')).toBeNull();
      const day = { userId, day: '2026-11-25', guesses: 1, right: 0, newWords: 1 };
      const save = (
        memories: WordMemory[],
        ratings: Parameters<typeof learning.saveBatch>[0]['ratings'] = [],
      ) => learning.saveBatch({ memories, days: [day], ratings });
      await save([memory]);
      await save([{ ...memory, seen: 2, right: 1, box: 1, dueAt: 200, lastGuess: 'g:1' }]);
      expect(await learning.memoryOfWord(userId, 'English', 'cat')).toEqual({
        ...memory,
        seen: 2,
        right: 1,
        box: 1,
        dueAt: 200,
        lastGuess: 'g:1',
      });
      await save([{ ...memory, word: 'dog', dueAt: null }]);
      // the day's counts add up, batch after batch
      expect(await learning.daysPlayed(userId, 5)).toEqual([{ ...day, guesses: 3, newWords: 3 }]);
      expect(await learning.dueCount(userId, 199)).toBe(0);
      expect(await learning.dueCount(userId, 200)).toBe(1);
      expect(await learning.dueCount(userId, 200, 'French')).toBe(0);
      expect((await learning.wordsMet(userId, undefined, 10)).map((w) => w.word)).toEqual(['cat', 'dog']);

      const key = unique('player-');
      expect(await learning.ratings('player', [key])).toEqual([]);
      await save([], [{ kind: 'player', key, rating: 1210, games: 1 }]);
      await save([], [{ kind: 'player', key, rating: 1225.5, games: 2 }]);
      expect(await learning.ratings('player', [key])).toEqual([{ key, rating: 1225.5, games: 2 }]);
      expect(await learning.ratings('word', [key])).toEqual([]);
      expect(await learning.ratings('word', [])).toEqual([]);
    });
  });
});
