import type { GameView } from '@sayspell/core/protocol/game';
import type { CreateCustomGameInput, TrendingTopicsAnswer } from '@sayspell/core/protocol/topics';
import { queryOptions } from '@tanstack/react-query';
import { request } from './client.ts';

// custom, trending and enterprise topics (§3, §7): the other game-setup sources

export const trendingTopicsQuery = queryOptions({
  queryKey: ['trending-topics'],
  queryFn: async () => {
    const answer = await request<TrendingTopicsAnswer>('/v1/sayspell-trending-topic');
    return answer.sortedCustomResults.map((t) => t.categoryName);
  },
  staleTime: 60_000,
});

/** the topics the player's enterprise assigned; none (or an error) hides the source */
export const enterpriseTopicsQuery = queryOptions({
  queryKey: ['enterprise-topics'],
  queryFn: async () => {
    const answer = await request<{ uniqueTopics: string[] }>('/v1/enterprise/fetchAssignedEnterpriseTopics', {
      method: 'POST',
    });
    return answer.uniqueTopics;
  },
  staleTime: 5 * 60_000,
  retry: false,
});

export function createCustomGame(input: CreateCustomGameInput): Promise<GameView> {
  return request<GameView>('/v1/ai/CreateCustomGame', { method: 'POST', body: input });
}

/** §3 enterprise game payload (field names as the spec spells them) */
export interface CreateEnterpriseGameInput {
  enterPriseCategory: string;
  gametimer: string;
  userId: string;
  speakerId?: string;
  difficulty: string;
}

export function createEnterpriseGame(input: CreateEnterpriseGameInput): Promise<GameView> {
  return request<GameView>('/v1/enterprise/CreateEnterpriseGame', { method: 'POST', body: input });
}
