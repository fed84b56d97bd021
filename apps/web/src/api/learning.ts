import type {
  AskAnswer,
  AskKind,
  DueWords,
  LearningProgress,
  PractiseAgain,
  SpeakerNotes,
} from '@sayspell/core/protocol/learning';
import { queryOptions } from '@tanstack/react-query';
import { getAccessToken } from '../auth/token-storage.ts';
import { ApiRequestError, isApiError, networkError } from './api-error.ts';
import { refreshTokens, request } from './client.ts';

// the learning loop (issue 17): due words and the streak, the progress page, 'practise these
// again', and the spelling bee's asks during a solo game

export const dueWordsQuery = queryOptions({
  queryKey: ['learning', 'due'],
  queryFn: () => request<DueWords>('/v1/learning/due'),
  staleTime: 60_000,
});

export const progressQuery = queryOptions({
  queryKey: ['learning', 'progress'],
  queryFn: () => request<LearningProgress>('/v1/learning/progress'),
});

export function practiseAgain(gameId: string): Promise<PractiseAgain> {
  return request<PractiseAgain>('/v1/learning/practise-again', { method: 'POST', body: { gameId } });
}

/** partnered play: what the speaker reads out when the speller asks about the word being played */
export function speakerNotes(gameId: string, index: number): Promise<SpeakerNotes> {
  const query = new URLSearchParams({ gameId, index: String(index) });
  return request<SpeakerNotes>(`/v1/learning/speaker-notes?${query}`);
}

function post(body: string, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch('/v1/learning/ask', { method: 'POST', headers, body }).catch(() => {
    throw networkError();
  });
}

/** a text answer, or the voice's audio for a spoken one (the sentence holds the word: never text) */
export async function askBee(
  gameId: string,
  index: number,
  kind: AskKind,
): Promise<{ kind: AskKind; text: string } | { kind: AskKind; audio: Blob }> {
  const body = JSON.stringify({ gameId, index, kind });
  const token = getAccessToken();
  let res = await post(body, token);
  if (res.status === 401 && token) res = await post(body, await refreshTokens());
  if (!res.ok) {
    const error: unknown = await res.json().catch(() => null);
    if (isApiError(error)) throw new ApiRequestError(error);
    throw new ApiRequestError({
      statusCode: res.status,
      error: res.statusText || 'Error',
      message: `That question could not be answered (${res.status}). Please try again.`,
    });
  }
  if ((res.headers.get('Content-Type') ?? '').startsWith('audio/')) return { kind, audio: await res.blob() };
  return (await res.json()) as AskAnswer;
}
