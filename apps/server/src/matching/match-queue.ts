import { and, asc, eq, ne, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { blocks, matchQueue } from '../db/schema.ts';
import { type QueueEntry, rolesFit, sharedCategory } from './match-rules.ts';

// the queue of players waiting for a partner, in the database so every instance shares it

const CANDIDATES = 20;

export function createMatchQueue(db: Db) {
  return {
    /**
     * takes the longest-waiting entry that fits, or queues the newcomer. entries in one bucket
     * (language + difficulty) are handled one at a time, so two players arriving together meet.
     */
    async enter(
      entry: QueueEntry,
      isOnline: (userId: string) => Promise<boolean>,
    ): Promise<{ partner: QueueEntry; category: string } | null> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`match:${entry.language}:${entry.difficulty}`}))`,
        );
        await tx.delete(matchQueue).where(eq(matchQueue.userId, entry.userId));
        const waiting = await tx
          .select()
          .from(matchQueue)
          .where(
            and(
              eq(matchQueue.language, entry.language),
              eq(matchQueue.difficulty, entry.difficulty),
              ne(matchQueue.userId, entry.userId),
              // a block, either way, keeps two players apart
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(blocks)
                  .where(
                    or(
                      and(eq(blocks.blockerId, entry.userId), eq(blocks.blockedId, matchQueue.userId)),
                      and(eq(blocks.blockerId, matchQueue.userId), eq(blocks.blockedId, entry.userId)),
                    ),
                  ),
              ),
            ),
          )
          .orderBy(asc(matchQueue.enteredAt))
          .limit(CANDIDATES);
        for (const other of waiting) {
          const category = sharedCategory(entry.category, other.category);
          if (!category || !rolesFit(entry.role, other.role)) continue;
          await tx.delete(matchQueue).where(eq(matchQueue.userId, other.userId));
          // a player whose page is gone is not waiting any more
          if (!(await isOnline(other.userId))) continue;
          return { partner: other, category };
        }
        await tx.insert(matchQueue).values(entry);
        return null;
      });
    },

    async leave(userId: string): Promise<boolean> {
      const gone = await db.delete(matchQueue).where(eq(matchQueue.userId, userId)).returning();
      return gone.length > 0;
    },

    async put(entry: QueueEntry): Promise<void> {
      await db.insert(matchQueue).values(entry).onConflictDoNothing();
    },
  };
}

export type MatchQueue = ReturnType<typeof createMatchQueue>;
