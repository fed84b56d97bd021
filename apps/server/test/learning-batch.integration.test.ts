import { randomUUID } from 'node:crypto';
import { soloGame } from '@sayspell/core/game/fixtures';
import type { GameState } from '@sayspell/core/game/types';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows-of.ts';
import { users } from '../src/db/schema.ts';
import { WRITE_AT_MOST } from '../src/learning/learning-batch.ts';
import { createLearningRepository, memoriesQuery } from '../src/learning/learning-repository.ts';
import { createLearningService } from '../src/learning/learning-service.ts';
import { guest, onPostgres, startServer, type TestServer } from './harness.ts';

// issue 16: the learning updates are written behind the games, many guesses in one transaction.
// a batch must come out as the same guesses written one by one, and one player's bad row must not
// cost the others their updates. the embedded database writes them on its own thread
// (learning-batch.ts in db/pglite-worker.ts): the same outcome there

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const WORDS = ['otter', 'badger', 'heron', 'lynx', 'walrus', 'ferret'];

/** a game of these words whose first `played` were guessed, right on even indexes */
function played(spellerId: string, played: number, words = WORDS): GameState {
  const game = soloGame(words, { id: randomUUID(), spellerId, status: 'started' });
  for (let i = 0; i < played; i++) {
    const w = game.words[i]!;
    game.words[i] = { ...w, used: true, guess: i % 2 === 0 ? w.word : 'qxqx', correct: i % 2 === 0 };
  }
  return game;
}

type Where = 'the server thread' | 'the database thread';

function service(flushMs: number, where: Where) {
  const errors: unknown[] = [];
  const repo = createLearningRepository(t.server.database.db);
  // each write reads the memories of its guesses once: how many, told here
  const writes: number[] = [];
  const memoriesOf = repo.memoriesOf;
  repo.memoriesOf = (keys) => {
    writes.push(keys.length);
    return memoriesOf(keys);
  };
  const learning = createLearningService({
    repo,
    clock: { now: () => 1_800_000_000_000 },
    flushMs,
    onError: (err) => errors.push(err),
    write: where === 'the database thread' ? t.server.database.writeLearning : undefined,
  });
  return { learning, repo, errors, writes };
}

/** what the learning loop holds of a player: memories, day counts and rating */
async function learned(repo: ReturnType<typeof createLearningRepository>, userId: string) {
  return {
    words: (await repo.wordsMet(userId, 'English', 50)).map(({ lastSeenAt: _, ...w }) => w),
    days: (await repo.daysPlayed(userId, 5)).map(({ userId: _, ...d }) => d),
    rating: await repo.ratings('player', [userId]),
  };
}

const places: Where[] = onPostgres ? ['the server thread'] : ['the server thread', 'the database thread'];

describe.each(places)('learning updates written behind the games, on %s', (where) => {
  it('the embedded database has a thread to write them on', () => {
    expect(t.server.database.writeLearning === undefined).toBe(onPostgres);
  });

  it('writes a batch of guesses as if written one by one, each guess counted once', async () => {
    const [one, two] = [(await guest(t.url)).user._id, (await guest(t.url)).user._id];
    // words of their own (not in the bank: every one starts at the same rating), as word ratings
    // are shared between players
    const wordsOf = (id: string) => WORDS.map((_, i) => `zq${id.slice(0, 8)}${i}`);
    const game = (id: string) => ({ ...played(id, WORDS.length, wordsOf(id)), id: `${id}-game` });
    const byIndex = (id: string, list: { word: string }[]) =>
      list.map(({ word, ...rest }) => ({ index: wordsOf(id).indexOf(word), ...rest }));

    // one by one: each guess written before the next
    const alone = service(0, where);
    for (let i = 0; i < WORDS.length; i++) await alone.learning.guessed(game(one), i);

    // all at once, in one batch, and the same guesses again (a replayed game): counted once
    const batched = service(60_000, where);
    const writes = WORDS.map((_, i) => batched.learning.guessed(game(two), i));
    // nothing is written until the batch is: then all of it
    expect(await learned(batched.repo, two)).toEqual({ words: [], days: [], rating: [] });
    // (a replay writes what waits first)
    writes.push(batched.learning.replay(game(two)));
    await batched.learning.settled(two);
    await Promise.all(writes);
    expect(batched.errors).toEqual([]);

    const a = await learned(alone.repo, one);
    const b = await learned(batched.repo, two);
    expect(byIndex(two, b.words)).toEqual(byIndex(one, a.words));
    expect(b.days).toEqual(a.days);
    expect(b.rating.map((r) => [r.rating, r.games])).toEqual(a.rating.map((r) => [r.rating, r.games]));
    expect(b.days[0]).toMatchObject({ guesses: WORDS.length, right: 3, newWords: WORDS.length });
  });

  it('a big batch goes in parts of WRITE_AT_MOST guesses, in order, each guess counted', async () => {
    // enough players for two full parts and a few guesses more
    const count = Math.ceil((2 * WRITE_AT_MOST + 1) / WORDS.length);
    const players = await Promise.all(
      Array.from({ length: count }, async () => (await guest(t.url)).user._id),
    );
    const wordsOf = (id: string) => WORDS.map((_, i) => `zp${id.slice(0, 8)}${i}`);
    const game = (id: string) => ({ ...played(id, WORDS.length, wordsOf(id)), id: `${id}-game` });
    const { learning, repo, errors, writes } = service(60_000, where);
    // turn by turn, as games play: every part holds guesses of several players, and a player's
    // guesses fall in several parts
    const waits: Promise<void>[] = [];
    for (let i = 0; i < WORDS.length; i++) for (const p of players) waits.push(learning.guessed(game(p), i));
    await learning.settled(players[0]!);
    await Promise.all(waits);
    expect(errors).toEqual([]);
    // guesses of words all different, WRITE_AT_MOST a write, then the rest (counted where the
    // repository is this test's)
    const total = count * WORDS.length;
    const parts = [WRITE_AT_MOST, WRITE_AT_MOST, total - 2 * WRITE_AT_MOST];
    expect(writes).toEqual(where === 'the server thread' ? parts : []);
    for (const p of players) {
      const mine = await learned(repo, p);
      expect(mine.words).toHaveLength(WORDS.length);
      expect(mine.words.every((w) => w.seen === 1)).toBe(true);
      expect(mine.days[0]).toMatchObject({ guesses: WORDS.length, right: 3, newWords: WORDS.length });
      expect(mine.rating[0]?.games).toBe(WORDS.length);
    }
  });

  it('a player deleted while their guesses waited costs the others nothing', async () => {
    const [kept, gone] = [(await guest(t.url)).user._id, (await guest(t.url)).user._id];
    const { learning, repo, errors } = service(60_000, where);
    const waits = [learning.guessed(played(gone, 1), 0), learning.guessed(played(kept, 2), 1)];
    await t.server.database.db.delete(users).where(eq(users.id, gone));
    // a read of the kept player's learning writes what waits, now
    expect((await learning.wordsOf(kept, 'English')).map((w) => w.word)).toEqual([WORDS[1]]);
    await Promise.all(waits);
    expect(errors).toHaveLength(1);
    // from either thread, the database's own error (its code), as drizzle's error or its cause
    const err = errors[0] as Error;
    expect(err).toBeInstanceOf(Error);
    expect(err.cause ?? err).toMatchObject({ code: '23503' });
    expect(await learned(repo, gone)).toEqual({ words: [], days: [], rating: [] });
  });
});

describe("a batch's read of the memories it moves", () => {
  it('reads the (player, word) pairs asked for, each through the primary key, not every memory of the players', async () => {
    const [one, two] = [(await guest(t.url)).user._id, (await guest(t.url)).user._id];
    const { learning, repo, errors } = service(60_000, 'the server thread');
    // one met every word, two the first two
    const waits = [
      ...WORDS.map((_, i) => learning.guessed(played(one, WORDS.length), i)),
      learning.guessed(played(two, 2), 0),
      learning.guessed(played(two, 2), 1),
    ];
    await learning.settled(one);
    await Promise.all(waits);
    expect(errors).toEqual([]);
    const asked = [
      { userId: one, language: 'English', word: WORDS[0]! },
      { userId: one, language: 'English', word: WORDS[5]! },
      { userId: two, language: 'English', word: WORDS[5]! }, // two never met it
      { userId: two, language: 'English', word: WORDS[1]! },
      { userId: two, language: 'Spanish', word: WORDS[1]! }, // nor in another language
    ];
    const found = await repo.memoriesOf(asked);
    expect(found.map((m) => [m.userId, m.word]).sort()).toEqual(
      [
        [one, WORDS[0]],
        [one, WORDS[5]],
        [two, WORDS[1]],
      ].sort(),
    );
    expect(found.find((m) => m.userId === one && m.word === WORDS[0])).toMatchObject({
      language: 'English',
      seen: 1,
      right: 1,
      missed: 0,
      lastSeenAt: 1_800_000_000_000,
    });
    // whatever the planner's estimates (PGlite never analyzes on its own), a lookup per pair
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await t.server.database.db.execute(sql`explain ${memoriesQuery(asked)}`),
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain('Index Scan using word_memory_user_id_language_word_pk');
    expect(plan).not.toContain('Seq Scan on word_memory');
  });
});
