import { getAccessToken } from '../auth/token-storage.ts';
import { ApiRequestError, isApiError, networkError } from './api-error.ts';
import { refreshTokens } from './client.ts';

// the pronunciation check: a short WAV recording and the word, sent as a multipart form
// (the json client cannot send files), with the same bearer token and one refresh on a 401

export interface PronunciationAnswer {
  heard: string;
  match: boolean;
  confidence: number;
  /** unsure: the recording was too unclear to call it wrong (the player is asked to try again) */
  verdict: 'right' | 'wrong' | 'unsure';
  provider: string;
}

/** the turn being checked: the server checks its own current word of that game, never one we name */
export interface SpeakerTurn {
  gameId: string;
  index: number;
  word: string;
}

function post(form: FormData, token: string | null, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  // no Content-Type: the browser writes the multipart boundary itself
  return fetch('/v1/google/speech-to-text', { method: 'POST', headers, body: form, signal }).catch(
    (err: unknown) => {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw networkError();
    },
  );
}

export async function checkPronunciation(
  wav: Blob,
  turn: SpeakerTurn,
  signal?: AbortSignal,
): Promise<PronunciationAnswer> {
  const form = new FormData();
  form.append('wavfile', wav, 'speech.wav');
  form.append('gameId', turn.gameId);
  // the turn we recorded for: the server refuses the check if the word has moved on since
  form.append('index', String(turn.index));
  form.append('word', turn.word);
  const token = getAccessToken();
  let res = await post(form, token, signal);
  if (res.status === 401 && token) res = await post(form, await refreshTokens(), signal);
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (isApiError(body)) throw new ApiRequestError(body);
    throw new ApiRequestError({
      statusCode: res.status,
      error: res.statusText || 'Error',
      message: `The pronunciation check failed (${res.status}). Please try again.`,
    });
  }
  const data = (body as { data?: PronunciationAnswer } | null)?.data;
  if (!data || typeof data.heard !== 'string' || typeof data.match !== 'boolean') {
    throw new ApiRequestError({
      statusCode: 502,
      error: 'Bad Gateway',
      message: 'The pronunciation check gave an answer we could not read. Please try again.',
    });
  }
  // an older server answers without a verdict
  return { ...data, verdict: data.verdict ?? (data.match ? 'right' : 'wrong') };
}
