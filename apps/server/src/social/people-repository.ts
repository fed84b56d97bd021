import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { blocks, chatMessages, friends, users } from '../db/schema.ts';

// the players someone has a tie with, online or not: their friends, whom they blocked, and who
// wrote to them unread (issue 15 item 5). the SQL stays here; social-service adds who is online

export interface PersonRow {
  id: string;
  username: string;
  role: 'guest' | 'user' | 'admin';
  picture: string | null;
  inGameSince: number | null;
}

const person = {
  id: users.id,
  username: users.username,
  role: users.role,
  picture: users.picture,
  inGameSince: users.inGameSince,
};
// an account its owner deleted or an admin removed is nobody to list
const present = and(isNull(users.deletedAt), isNull(users.removedAt));

export function createPeopleRepository(db: Db) {
  return {
    /** the players I marked as friends */
    async friendsOf(me: string): Promise<PersonRow[]> {
      return db
        .select(person)
        .from(friends)
        .innerJoin(users, eq(users.id, friends.friendId))
        .where(and(eq(friends.userId, me), present))
        .orderBy(asc(sql`lower(${users.username})`));
    },

    /** the players I blocked */
    async blockedBy(me: string): Promise<PersonRow[]> {
      return db
        .select(person)
        .from(blocks)
        .innerJoin(users, eq(users.id, blocks.blockedId))
        .where(and(eq(blocks.blockerId, me), present))
        .orderBy(asc(sql`lower(${users.username})`));
    },

    /** who wrote to me and how many of their messages I have not read, newest first */
    async unreadSenders(me: string): Promise<(PersonRow & { unread: number })[]> {
      const rows = await db
        .select({
          ...person,
          unread: sql<number>`count(*)`,
          last: sql<number>`max(${chatMessages.createdAt})`,
        })
        .from(chatMessages)
        .innerJoin(users, eq(users.id, chatMessages.fromId))
        .where(and(eq(chatMessages.toId, me), isNull(chatMessages.readAt), present))
        .groupBy(users.id, users.username, users.role, users.picture, users.inGameSince)
        .orderBy(sql`max(${chatMessages.createdAt}) desc`);
      return rows.map(({ last: _last, unread, ...r }) => ({ ...r, unread: Number(unread) }));
    },
  };
}

export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
