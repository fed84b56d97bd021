import { randomUUID } from 'node:crypto';
import type { Difficulty } from '@sayspell/core/constants';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../auth/users.ts';
import type { Db } from '../db/database.ts';
import { enterpriseMembers, enterprises, enterpriseTopics, users } from '../db/schema.ts';

// enterprises, their members and their topics in the database. names are unique regardless of
// case (an index on lower(name)), so a duplicate is an answer here, not an error

export interface Enterprise {
  id: string;
  name: string;
  /** alphabetical, regardless of case */
  members: { id: string; username: string; email: string | null }[];
  /** alphabetical, regardless of case */
  topics: EnterpriseTopic[];
}
export interface EnterpriseTopic {
  id: string;
  name: string;
  words: string[];
  difficulty: Difficulty | null;
}

const lowerName = sql`lower(${enterprises.name})`;

export function createEnterpriseRepository(db: Db) {
  return {
    async exists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.id, id));
      return row !== undefined;
    },

    /** the id of the enterprise of that name (any case) */
    async idByName(name: string): Promise<string | null> {
      const [row] = await db
        .select({ id: enterprises.id })
        .from(enterprises)
        .where(sql`${lowerName} = lower(${name})`);
      return row?.id ?? null;
    },

    /** the enterprises with these ids (all of them without), alphabetical, with members and topics */
    async list(ids?: string[]): Promise<Enterprise[]> {
      const rows = await db
        .select()
        .from(enterprises)
        .where(ids ? inArray(enterprises.id, ids) : undefined)
        .orderBy(asc(lowerName));
      if (rows.length === 0) return [];
      const which = rows.map((r) => r.id);
      const [members, topics] = await Promise.all([
        db
          .select({
            enterpriseId: enterpriseMembers.enterpriseId,
            id: users.id,
            username: users.username,
            email: users.email,
          })
          .from(enterpriseMembers)
          .innerJoin(users, eq(users.id, enterpriseMembers.userId))
          .where(inArray(enterpriseMembers.enterpriseId, which))
          .orderBy(asc(sql`lower(${users.username})`)),
        db
          .select()
          .from(enterpriseTopics)
          .where(inArray(enterpriseTopics.enterpriseId, which))
          .orderBy(asc(sql`lower(${enterpriseTopics.name})`)),
      ]);
      return rows.map((e) => ({
        id: e.id,
        name: e.name,
        members: members
          .filter((m) => m.enterpriseId === e.id)
          .map(({ id, username, email }) => ({ id, username, email })),
        topics: topics
          .filter((t) => t.enterpriseId === e.id)
          .map(({ id, name, words, difficulty }) => ({ id, name, words, difficulty })),
      }));
    },

    /** a new enterprise's id, or null when one of that name (any case) exists */
    async create(name: string, at: number): Promise<string | null> {
      const id = randomUUID();
      try {
        await db.insert(enterprises).values({ id, name, createdAt: at });
        return id;
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    async remove(id: string): Promise<void> {
      await db.delete(enterprises).where(eq(enterprises.id, id));
    },

    /** adding a member twice changes nothing */
    async addMember(id: string, userId: string, at: number): Promise<void> {
      await db
        .insert(enterpriseMembers)
        .values({ enterpriseId: id, userId, createdAt: at })
        .onConflictDoNothing();
    },

    /** false if the user was not a member */
    async removeMember(id: string, userId: string): Promise<boolean> {
      const gone = await db
        .delete(enterpriseMembers)
        .where(and(eq(enterpriseMembers.enterpriseId, id), eq(enterpriseMembers.userId, userId)))
        .returning({ userId: enterpriseMembers.userId });
      return gone.length > 0;
    },

    /** false when the enterprise has a topic of that name (any case) */
    async addTopic(id: string, topic: Omit<EnterpriseTopic, 'id'>, at: number): Promise<boolean> {
      try {
        await db
          .insert(enterpriseTopics)
          .values({ id: randomUUID(), enterpriseId: id, ...topic, createdAt: at });
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },

    /** false if the enterprise has no such topic */
    async removeTopic(id: string, topicId: string): Promise<boolean> {
      const gone = await db
        .delete(enterpriseTopics)
        .where(and(eq(enterpriseTopics.enterpriseId, id), eq(enterpriseTopics.id, topicId)))
        .returning({ id: enterpriseTopics.id });
      return gone.length > 0;
    },

    /** the names of the topics of every enterprise the user belongs to (repeats included) */
    async topicNamesOf(userId: string): Promise<string[]> {
      const rows = await db
        .select({ name: enterpriseTopics.name })
        .from(enterpriseTopics)
        .innerJoin(enterpriseMembers, eq(enterpriseMembers.enterpriseId, enterpriseTopics.enterpriseId))
        .where(eq(enterpriseMembers.userId, userId));
      return rows.map((r) => r.name);
    },

    /** the topic of that name (any case) in an enterprise the user belongs to, or null */
    async topicOfMember(
      userId: string,
      name: string,
    ): Promise<Pick<EnterpriseTopic, 'name' | 'words'> | null> {
      const [row] = await db
        .select({ name: enterpriseTopics.name, words: enterpriseTopics.words })
        .from(enterpriseTopics)
        .innerJoin(enterpriseMembers, eq(enterpriseMembers.enterpriseId, enterpriseTopics.enterpriseId))
        .where(
          and(eq(enterpriseMembers.userId, userId), sql`lower(${enterpriseTopics.name}) = lower(${name})`),
        )
        .limit(1);
      return row ?? null;
    },
  };
}

export type EnterpriseRepository = ReturnType<typeof createEnterpriseRepository>;
