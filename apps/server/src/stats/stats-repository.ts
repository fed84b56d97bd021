import {
  CATEGORY_CUSTOM,
  CATEGORY_ENTERPRISE,
  GIFT_CARD_MIN_WORDS_PER_GAME,
  type LeaderboardPeriod,
} from '@sayspell/core/constants';
import type { HistoryItem } from '@sayspell/core/protocol/game';
import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows-of.ts';
import { games, users } from '../db/schema.ts';
import { correctCount, playedCount } from './game-scores.ts';

// what players have done: history, the figures behind the leaderboard and the gift cards

/**
 * the games that count for the leaderboard and the gift cards: started (a game left before its
 * start was never played), with words the server drew from the word bank. custom-topic and
 * enterprise games are practice: their words were chosen by a player or an admin, or come out of
 * a chosen topic the same way each time, so the speller can know them (docs/decisions.md,
 * "Fair play: games")
 */
const RANKED = sql.raw(
  `starts_at is not null and category not in ('${CATEGORY_CUSTOM}', '${CATEGORY_ENTERPRISE}')`,
);

const PERIOD_DAYS: Record<LeaderboardPeriod, number | null> = { week: 7, month: 30, all: null };

export interface PlayerTotals {
  userId: string;
  username: string;
  games: number;
  wordsSpelt: number;
  correct: number;
}

export function createStatsRepository(db: Db) {
  const partner = alias(users, 'partner');

  return {
    async history(
      userId: string,
      page: number,
      pageSize: number,
    ): Promise<{ items: HistoryItem[]; total: number }> {
      const mine = and(
        eq(games.status, 'finished'),
        isNotNull(games.startsAt),
        or(eq(games.spellerId, userId), eq(games.speakerId, userId)),
      );
      const rows = await db
        .select({
          id: games.id,
          solo: games.solo,
          language: games.language,
          category: games.category,
          difficulty: games.difficulty,
          spellerId: games.spellerId,
          speakerId: games.speakerId,
          finishedAt: games.finishedAt,
          endedReason: games.endedReason,
          played: playedCount,
          correct: correctCount,
          partnerId: partner.id,
          partnerName: partner.username,
        })
        .from(games)
        .leftJoin(
          partner,
          sql`${partner.id} = case when ${games.spellerId} = ${userId} then ${games.speakerId} else ${games.spellerId} end`,
        )
        .where(mine)
        .orderBy(desc(games.finishedAt))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [count] = await db.select({ n: sql<number>`count(*)` }).from(games).where(mine);
      return {
        total: Number(count?.n ?? 0),
        items: rows.map((r) => ({
          _id: r.id,
          solo: r.solo,
          language: r.language,
          category: r.category,
          difficulty: r.difficulty,
          role: r.spellerId === userId ? 'speller' : 'speaker',
          partner:
            r.solo || !r.partnerId || !r.partnerName ? null : { _id: r.partnerId, username: r.partnerName },
          correct: Number(r.correct),
          played: Number(r.played),
          finishedAt: r.finishedAt ?? 0,
          endedReason: r.endedReason,
        })),
      };
    },

    /** every player's totals over a period; both players of a partnered game share its score */
    async totals(period: LeaderboardPeriod, now: number): Promise<PlayerTotals[]> {
      const days = PERIOD_DAYS[period];
      const since = days === null ? 0 : now - days * 24 * 3600 * 1000;
      const result = await db.execute(sql`
        with g as (
          select speller_id, speaker_id, ${playedCount} as played, ${correctCount} as correct
          from games where status = 'finished' and ${RANKED} and finished_at >= ${since}
        ), p as (
          select speller_id as user_id, played, correct from g
          union all
          select speaker_id as user_id, played, correct from g where speaker_id is not null
        )
        select p.user_id as "userId", u.username, count(*)::int as games,
               sum(p.played)::int as "wordsSpelt", sum(p.correct)::int as correct
        from p join users u on u.id = p.user_id
        group by p.user_id, u.username`);
      return rowsOf<PlayerTotals>(result);
    },

    /** the games that can count toward a gift card, and the user's unfinished-game count */
    async giftCardFacts(userId: string) {
      const result = await db.execute(sql`
        select solo, category, ${playedCount}::int as played, ${correctCount}::int as correct
        from games
        where status = 'finished' and ${RANKED} and (speller_id = ${userId} or speaker_id = ${userId})
          and coalesce(ended_reason, '') <> 'partner-left'`);
      const finished = rowsOf<{ solo: boolean; category: string; played: number; correct: number }>(result);
      const [user] = await db
        .select({ unfinished: users.unfinishedGames })
        .from(users)
        .where(eq(users.id, userId));
      return {
        finished,
        longEnough: finished.filter((g) => g.played >= GIFT_CARD_MIN_WORDS_PER_GAME),
        unfinished: user?.unfinished ?? 0,
      };
    },

    async finishedCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)` })
        .from(games)
        .where(
          and(
            eq(games.status, 'finished'),
            isNotNull(games.startsAt),
            or(eq(games.spellerId, userId), eq(games.speakerId, userId)),
          ),
        );
      return Number(row?.n ?? 0);
    },

    async setInGame(userId: string, since: number | null): Promise<void> {
      await db.update(users).set({ inGameSince: since }).where(eq(users.id, userId));
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
