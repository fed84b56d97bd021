import type { LeaderboardPeriod } from '@sayspell/core/constants';
import type { HistoryItem } from '@sayspell/core/protocol/game';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from './client.ts';

// what a player has done: history, the leaderboard, gift-card progress (docs/api.md)

export interface HistoryPage {
  items: HistoryItem[];
  page: number;
  pageSize: number;
  total: number;
}

export interface LeaderboardFigures {
  games: number;
  wordsSpelt: number;
  correct: number;
  /** 0–1 */
  accuracy: number;
}

export interface LeaderboardEntry extends LeaderboardFigures {
  rank: number;
  _id: string;
  username: string;
}

export interface Leaderboard {
  period: LeaderboardPeriod;
  minGames: number;
  entries: LeaderboardEntry[];
  /** the caller's own place; null while they have too few games in the period */
  me: (LeaderboardFigures & { rank: number }) | null;
}

export interface GiftCardCondition {
  target: number;
  value: number;
  met: boolean;
}

export interface GiftCardProgress {
  id: 'first' | 'second';
  soloTarget: number;
  partneredTarget: number;
  solo: number;
  partnered: number;
  earned: boolean;
}

export interface GiftCards {
  cards: GiftCardProgress[];
  conditions: {
    finishedEvery: GiftCardCondition;
    wordsPerGame: GiftCardCondition;
    topics: GiftCardCondition;
    average: GiftCardCondition;
  };
}

export const HISTORY_PAGE_SIZE = 10;

export const historyQuery = (page: number, pageSize = HISTORY_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['history', page, pageSize],
    queryFn: ({ signal }) =>
      request<HistoryPage>(`/v1/history?page=${page}&pageSize=${pageSize}`, { signal }),
    // the old page stays on screen while the next one loads
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const leaderboardQuery = (period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: ['leaderboard', period],
    queryFn: ({ signal }) => request<Leaderboard>(`/v1/leaderboard?period=${period}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const giftCardsQuery = queryOptions({
  queryKey: ['giftcards'],
  queryFn: ({ signal }) => request<GiftCards>('/v1/giftcards', { signal }),
  staleTime: 10_000,
});

/** the player's latest finished game, if any */
export async function latestGameId(signal?: AbortSignal): Promise<string | null> {
  const page = await request<HistoryPage>('/v1/history?page=1&pageSize=1', { signal });
  return page.items[0]?._id ?? null;
}
