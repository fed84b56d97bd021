import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { chatMessages } from '../db/schema.ts';

// chat messages in the database, asked for in the chat service's words

export type StoredChatMessage = typeof chatMessages.$inferSelect;

export function createChatRepository(db: Db) {
  return {
    async add(message: Omit<StoredChatMessage, 'readAt'>): Promise<void> {
      await db.insert(chatMessages).values(message);
    },

    /** the last `limit` messages between two users, oldest first */
    async between(a: string, b: string, limit: number): Promise<StoredChatMessage[]> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(
          or(
            and(eq(chatMessages.fromId, a), eq(chatMessages.toId, b)),
            and(eq(chatMessages.fromId, b), eq(chatMessages.toId, a)),
          ),
        )
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
        .limit(limit);
      return rows.reverse();
    },

    /** how many unread messages the user has, by sender */
    async unreadCounts(userId: string): Promise<Record<string, number>> {
      const rows = await db
        .select({ from: chatMessages.fromId, n: sql<number>`count(*)` })
        .from(chatMessages)
        .where(and(eq(chatMessages.toId, userId), isNull(chatMessages.readAt)))
        .groupBy(chatMessages.fromId)
        .orderBy(asc(chatMessages.fromId));
      return Object.fromEntries(rows.map((r) => [r.from, Number(r.n)]));
    },

    /** marks what `fromId` sent to `toId` as read */
    async markRead(toId: string, fromId: string, at: number): Promise<void> {
      await db
        .update(chatMessages)
        .set({ readAt: at })
        .where(
          and(eq(chatMessages.toId, toId), eq(chatMessages.fromId, fromId), isNull(chatMessages.readAt)),
        );
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
