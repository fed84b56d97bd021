import { desc, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { topicPlays } from '../db/schema.ts';

// which custom topics were played, by whom: what makes a topic trending

export function createTopicPlayRepository(db: Db) {
  return {
    async add(play: { topic: string; userId: string; gameId: string; at: number }): Promise<void> {
      const { at, ...rest } = play;
      await db.insert(topicPlays).values({ ...rest, createdAt: at });
    },

    /** the topics played since `since`, most distinct players first, then most games, then by name */
    async mostPlayedSince(since: number, limit: number): Promise<string[]> {
      const players = sql<number>`count(distinct ${topicPlays.userId})`;
      const rows = await db
        .select({ topic: topicPlays.topic, players, plays: sql<number>`count(*)` })
        .from(topicPlays)
        .where(gt(topicPlays.createdAt, since))
        .groupBy(topicPlays.topic)
        .orderBy(desc(players), desc(sql`count(*)`), topicPlays.topic)
        .limit(limit);
      return rows.map((r) => r.topic);
    },
  };
}

export type TopicPlayRepository = ReturnType<typeof createTopicPlayRepository>;
