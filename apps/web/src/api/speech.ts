import { getAccessToken } from '../auth/token-storage.ts';
import { ApiRequestError, isApiError, networkError } from './api-error.ts';
import { refreshTokens } from './client.ts';

// the pronunciation check: a short WAV recording and the word, sent as a multipart form
// (the json client cannot send files), with the same bearer token and one refresh on a 401

export interface PronunciationAnswer {
  heard: string;
  match: boolean;
  confidence: number;
  provider: string;
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
  word: string,
  signal?: AbortSignal,
): Promise<PronunciationAnswer> {
  const form = new FormData();
  form.append('wavfile', wav, 'speech.wav');
  form.append('word', word);
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
  return data;
}
