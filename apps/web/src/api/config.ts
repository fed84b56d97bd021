import type { LanguageOption } from '@sayspell/core/protocol/game';
import { queryOptions } from '@tanstack/react-query';
import { request } from './client.ts';

export interface PublicConfig {
  socialLogin: boolean;
  playStoreUrl: string;
  appStoreUrl: string;
  ttsProvider: string;
}

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => request<PublicConfig>('/v1/config', { auth: false }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const languagesQuery = queryOptions({
  queryKey: ['languages'],
  queryFn: () => request<LanguageOption[]>('/v1/languages'),
  staleTime: 10 * 60_000,
});
