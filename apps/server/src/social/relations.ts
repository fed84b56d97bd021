import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { blocks, friends } from '../db/schema.ts';

// friends (one-way, like a bookmark) and blocks (one-way; either direction keeps two users apart)

export function createRelations(db: Db, clock: { now(): number }) {
  return {
    async friendsOf(userId: string): Promise<string[]> {
      const rows = await db.select({ id: friends.friendId }).from(friends).where(eq(friends.userId, userId));
      return rows.map((r) => r.id);
    },
    async addFriend(userId: string, friendId: string) {
      await db.insert(friends).values({ userId, friendId, createdAt: clock.now() }).onConflictDoNothing();
    },
    async removeFriend(userId: string, friendId: string) {
      await db.delete(friends).where(and(eq(friends.userId, userId), eq(friends.friendId, friendId)));
    },

    /** who I blocked and who blocked me */
    async blocksOf(userId: string): Promise<{ iBlocked: string[]; blockedMe: string[] }> {
      const rows = await db
        .select()
        .from(blocks)
        .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
      return {
        iBlocked: rows.filter((r) => r.blockerId === userId).map((r) => r.blockedId),
        blockedMe: rows.filter((r) => r.blockedId === userId).map((r) => r.blockerId),
      };
    },
    /** a block either way */
    async blockedBetween(a: string, b: string): Promise<{ aBlockedB: boolean; bBlockedA: boolean }> {
      const rows = await db
        .select()
        .from(blocks)
        .where(
          or(
            and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
            and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
          ),
        );
      return {
        aBlockedB: rows.some((r) => r.blockerId === a),
        bBlockedA: rows.some((r) => r.blockerId === b),
      };
    },
    async block(blockerId: string, blockedId: string) {
      await db.insert(blocks).values({ blockerId, blockedId, createdAt: clock.now() }).onConflictDoNothing();
    },
    async unblock(blockerId: string, blockedId: string) {
      await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
    },
    /** friend flags for many users at once */
    async friendSet(userId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: friends.friendId })
        .from(friends)
        .where(and(eq(friends.userId, userId), inArray(friends.friendId, ids)));
      return new Set(rows.map((r) => r.id));
    },
  };
}

export type Relations = ReturnType<typeof createRelations>;
