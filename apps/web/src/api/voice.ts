import type { VoiceSettings } from '@sayspell/core/protocol/account';
import { queryOptions } from '@tanstack/react-query';
import { getAccessToken } from '../auth/token-storage.ts';
import { ApiRequestError, isApiError, networkError } from './api-error.ts';
import { refreshTokens, request } from './client.ts';
import { queryClient } from './query-client.ts';

// the app's voice and speed (issue 15 item 9): kept per account on the server, heard in solo games

export interface VoiceOption {
  id: string;
  name: string;
  language: string;
  gender?: 'female' | 'male';
}

export const voiceQuery = queryOptions({
  queryKey: ['voice'],
  queryFn: () => request<VoiceSettings>('/v1/users/voice'),
  staleTime: Number.POSITIVE_INFINITY,
});

export const voicesQuery = (language: string) =>
  queryOptions({
    queryKey: ['voices', language],
    queryFn: async () =>
      (await request<{ data: VoiceOption[] }>(`/v1/speech/voices?language=${encodeURIComponent(language)}`))
        .data,
    staleTime: Number.POSITIVE_INFINITY,
  });

export async function saveVoice(settings: VoiceSettings): Promise<VoiceSettings> {
  const saved = await request<VoiceSettings>('/v1/users/voice', { method: 'PUT', body: settings });
  queryClient.setQueryData(voiceQuery.queryKey, saved);
  return saved;
}

async function postSample(body: unknown, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch('/v1/google/text-to-speech-test', {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  }).catch(() => {
    throw networkError();
  });
}

/** a sentence in a voice and speed not saved yet, as audio */
export async function voiceSample(text: string, settings: VoiceSettings): Promise<Blob> {
  const body = {
    text,
    settings: { rate: settings.rate, ...(settings.voice ? { voice: settings.voice } : {}) },
  };
  const token = getAccessToken();
  let res = await postSample(body, token);
  if (res.status === 401 && token) res = await postSample(body, await refreshTokens());
  if (!res.ok) {
    const answer: unknown = await res.json().catch(() => null);
    if (isApiError(answer)) throw new ApiRequestError(answer);
    throw new ApiRequestError({
      statusCode: res.status,
      error: res.statusText || 'Error',
      message: `The sample could not be played (${res.status}). Please try again.`,
    });
  }
  return res.blob();
}
