import type { LanguageOption } from '@sayspell/core/protocol/game';
import { queryOptions } from '@tanstack/react-query';
import { request } from './client.ts';

export interface PublicConfig {
  socialLogin: boolean;
  /** the ways in this server offers: 'local', 'guest' and the configured social providers */
  loginMethods?: string[];
  playStoreUrl: string;
  appStoreUrl: string;
  ttsProvider: string;
  /** the Apple service id, when Apple sign-in is configured (mobile apps only) */
  appleClientId?: string | null;
  /** where a player asks for the call's token (§3 Config audio-token uri) */
  audioTokenUri?: string;
  /** seconds a call lasts (§9) */
  audioCallLimit?: number;
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
