import { randomUUID } from 'node:crypto';
import { CATEGORY_ENTERPRISE, type Difficulty } from '@sayspell/core/constants';
import type { WordSlot } from '@sayspell/core/game/types';
import type { createEnterpriseGameSchema, EnterpriseView } from '@sayspell/core/protocol/enterprise';
import type { GameView } from '@sayspell/core/protocol/game';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isUniqueViolation, type Users } from '../auth/users.ts';
import type { Db } from '../db/database.ts';
import { enterpriseMembers, enterprises, enterpriseTopics, users as usersTable } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import type { Clock, GameService } from '../games/game-service.ts';
import type { EnterpriseWords } from './enterprise-words.ts';

// enterprises (§6 "enterprise users see assigned enterprise topics"): admins manage them (routes and
// command line share these functions), members list their topics and play games of their words

export type EnterpriseGameInput = z.output<typeof createEnterpriseGameSchema>;

export function createEnterpriseService(deps: {
  db: Db;
  clock: Clock;
  users: Users;
  words: EnterpriseWords;
  /** absent on the command line, which makes no games */
  games?: GameService;
}) {
  const { db, clock } = deps;

  async function requireEnterprise(id: string) {
    const [row] = await db.select().from(enterprises).where(eq(enterprises.id, id));
    if (!row) throw new DomainError('NOT_FOUND', 'There is no such enterprise.');
    return row;
  }

  async function views(ids?: string[]): Promise<EnterpriseView[]> {
    const rows = await db
      .select()
      .from(enterprises)
      .where(ids ? inArray(enterprises.id, ids) : undefined)
      .orderBy(asc(sql`lower(${enterprises.name})`));
    if (rows.length === 0) return [];
    const which = rows.map((r) => r.id);
    const [members, topics] = await Promise.all([
      db
        .select({
          enterpriseId: enterpriseMembers.enterpriseId,
          _id: usersTable.id,
          username: usersTable.username,
          email: usersTable.email,
        })
        .from(enterpriseMembers)
        .innerJoin(usersTable, eq(usersTable.id, enterpriseMembers.userId))
        .where(inArray(enterpriseMembers.enterpriseId, which))
        .orderBy(asc(sql`lower(${usersTable.username})`)),
      db
        .select()
        .from(enterpriseTopics)
        .where(inArray(enterpriseTopics.enterpriseId, which))
        .orderBy(asc(sql`lower(${enterpriseTopics.name})`)),
    ]);
    return rows.map((e) => ({
      _id: e.id,
      name: e.name,
      members: members
        .filter((m) => m.enterpriseId === e.id)
        .map(({ _id, username, email }) => ({ _id, username, email })),
      topics: topics
        .filter((t) => t.enterpriseId === e.id)
        .map((t) => ({ _id: t.id, name: t.name, words: t.words, difficulty: t.difficulty })),
    }));
  }

  async function view(id: string): Promise<EnterpriseView> {
    const [one] = await views([id]);
    if (!one) throw new DomainError('NOT_FOUND', 'There is no such enterprise.');
    return one;
  }

  /** the topic of that name in an enterprise the user belongs to, or null */
  async function assignedTopic(userId: string, name: string) {
    const [row] = await db
      .select({ id: enterpriseTopics.id, name: enterpriseTopics.name, words: enterpriseTopics.words })
      .from(enterpriseTopics)
      .innerJoin(enterpriseMembers, eq(enterpriseMembers.enterpriseId, enterpriseTopics.enterpriseId))
      .where(
        and(
          eq(enterpriseMembers.userId, userId),
          sql`lower(${enterpriseTopics.name}) = lower(${name.trim()})`,
        ),
      )
      .limit(1);
    return row ?? null;
  }

  return {
    list: () => views(),
    view,

    /** the command line names an enterprise by its name (any case) or its id */
    async resolve(nameOrId: string): Promise<EnterpriseView> {
      const key = nameOrId.trim();
      const [row] = await db
        .select({ id: enterprises.id })
        .from(enterprises)
        .where(
          /^[0-9a-f-]{36}$/i.test(key)
            ? eq(enterprises.id, key)
            : sql`lower(${enterprises.name}) = lower(${key})`,
        );
      if (!row) throw new DomainError('NOT_FOUND', `There is no enterprise "${key}".`);
      return view(row.id);
    },

    async create(name: string): Promise<EnterpriseView> {
      const id = randomUUID();
      try {
        await db.insert(enterprises).values({ id, name: name.trim(), createdAt: clock.now() });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new DomainError('CONFLICT', `There is already an enterprise called "${name.trim()}".`);
        throw err;
      }
      return view(id);
    },

    async remove(id: string): Promise<void> {
      await requireEnterprise(id);
      await db.delete(enterprises).where(eq(enterprises.id, id));
    },

    /** by e-mail or username; adding a member twice changes nothing */
    async addMember(id: string, login: string): Promise<EnterpriseView> {
      await requireEnterprise(id);
      const user = await deps.users.byLogin(login);
      if (!user || user.deletedAt)
        throw new DomainError('NOT_FOUND', `There is no account "${login.trim()}".`);
      if (user.role === 'guest') {
        throw new DomainError(
          'BAD_REQUEST',
          `${user.username} is a guest; only registered accounts can be members.`,
        );
      }
      await db
        .insert(enterpriseMembers)
        .values({ enterpriseId: id, userId: user.id, createdAt: clock.now() })
        .onConflictDoNothing();
      return view(id);
    },

    async removeMember(id: string, userId: string): Promise<EnterpriseView> {
      await requireEnterprise(id);
      const gone = await db
        .delete(enterpriseMembers)
        .where(and(eq(enterpriseMembers.enterpriseId, id), eq(enterpriseMembers.userId, userId)))
        .returning({ userId: enterpriseMembers.userId });
      if (gone.length === 0)
        throw new DomainError('NOT_FOUND', 'That account is not a member of this enterprise.');
      return view(id);
    },

    /** every word must be in the word bank or the dictionary; the unknown ones are named */
    async addTopic(
      id: string,
      input: { name: string; words: string[]; difficulty?: Difficulty | undefined },
    ): Promise<EnterpriseView> {
      await requireEnterprise(id);
      const spellings = [...new Set(input.words.map((w) => w.trim().toLowerCase()))];
      const unknown: string[] = [];
      for (const w of spellings) if (!(await deps.words.lookup(w))) unknown.push(w);
      if (unknown.length > 0) {
        throw new DomainError(
          'UNKNOWN_WORDS',
          `${unknown.length === 1 ? 'This word is' : 'These words are'} not in the dictionary: ${unknown.join(', ')}.`,
        );
      }
      try {
        await db.insert(enterpriseTopics).values({
          id: randomUUID(),
          enterpriseId: id,
          name: input.name.trim(),
          words: spellings,
          difficulty: input.difficulty ?? null,
          createdAt: clock.now(),
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new DomainError(
            'CONFLICT',
            `This enterprise already has a topic called "${input.name.trim()}".`,
          );
        throw err;
      }
      return view(id);
    },

    async removeTopic(id: string, topicId: string): Promise<EnterpriseView> {
      await requireEnterprise(id);
      const gone = await db
        .delete(enterpriseTopics)
        .where(and(eq(enterpriseTopics.enterpriseId, id), eq(enterpriseTopics.id, topicId)))
        .returning({ id: enterpriseTopics.id });
      if (gone.length === 0) throw new DomainError('NOT_FOUND', 'This enterprise has no such topic.');
      return view(id);
    },

    /** the unique topic names of every enterprise the user belongs to, alphabetical */
    async assignedTopics(userId: string): Promise<string[]> {
      const rows = await db
        .select({ name: enterpriseTopics.name })
        .from(enterpriseTopics)
        .innerJoin(enterpriseMembers, eq(enterpriseMembers.enterpriseId, enterpriseTopics.enterpriseId))
        .where(eq(enterpriseMembers.userId, userId));
      const unique = new Map<string, string>();
      for (const r of rows) if (!unique.has(r.name.toLowerCase())) unique.set(r.name.toLowerCase(), r.name);
      return [...unique.values()].sort((a, b) => a.localeCompare(b));
    },

    /** a game of a topic's words; only a member of an enterprise with that topic may make one */
    async createGame(callerId: string, input: EnterpriseGameInput): Promise<GameView> {
      if (!deps.games) throw new Error('enterprise games need the game service');
      const topic = await assignedTopic(callerId, input.enterPriseCategory);
      if (!topic) {
        throw new DomainError(
          'FORBIDDEN',
          `"${input.enterPriseCategory.trim()}" is not a topic of an enterprise you belong to.`,
        );
      }
      const speaker = input.speakerId ? input.speakerId : null;
      const gameTimer = input.gametimer ?? (await deps.users.byId(callerId))?.gameTimer ?? 90;
      const slots = await slotsFor(topic.name, topic.words);
      if (slots.length === 0) {
        throw new DomainError(
          'NOT_ENOUGH_WORDS',
          `The topic "${topic.name}" has no playable words any more.`,
        );
      }
      return deps.games.createWithWords(
        callerId,
        {
          language: input.language,
          difficulty: input.difficulty,
          category: CATEGORY_ENTERPRISE,
          gameTimer,
          speller: input.userId,
          speaker,
        },
        slots,
      );
    },
  };

  /** the topic's words in a random order, one per sound, with their pronunciation and homophones */
  async function slotsFor(topicName: string, spellings: string[]): Promise<WordSlot[]> {
    const shuffled = [...spellings];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const heard = new Set<string>();
    const slots: WordSlot[] = [];
    for (const s of shuffled) {
      const w = await deps.words.lookup(s);
      if (!w || heard.has(w.word)) continue;
      for (const x of [w.word, ...w.homonyms]) heard.add(x);
      // the topic's name travels with each word, as the category shown next to it
      slots.push({ ...w, category: topicName, guess: null, used: false, correct: null });
    }
    return slots;
  }
}

export type EnterpriseService = ReturnType<typeof createEnterpriseService>;
