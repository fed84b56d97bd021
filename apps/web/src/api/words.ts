import type { PronunciationAnswer, WordOfTheDay } from '@sayspell/core/protocol/words';
import { queryOptions } from '@tanstack/react-query';
import { request, requestBlob } from './client.ts';

// word data (docs/api.md "Words and topics"): the word of the day and the IPA lookup by spelling

/** the player's own calendar day, as the server expects it */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const wordOfTheDayQuery = (date: string) =>
  queryOptions({
    queryKey: ['word-of-the-day', date],
    queryFn: () =>
      request<WordOfTheDay>('/v1/ai/word-of-the-day', { method: 'POST', body: { date }, auth: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

export const pronunciationQuery = (word: string) =>
  queryOptions({
    queryKey: ['pronunciation', word],
    queryFn: () =>
      request<PronunciationAnswer>(`/v1/words/pronunciation?word=${encodeURIComponent(word)}`, {
        auth: false,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** the spec's fallback texts for the IPA lookup (§7) */
export function pronunciationText(q: {
  isError: boolean;
  data?: PronunciationAnswer | undefined;
}): string | null {
  if (q.isError) return 'Error fetching data';
  if (!q.data) return null;
  return q.data.ipa ? `/${q.data.ipa}/` : 'Not available';
}

export const speechUrl = (text: string) => `/v1/google/text-to-speech?text=${encodeURIComponent(text)}`;

/**
 * The spoken text as an object url for an <audio> element: the endpoint needs the player's sign-in
 * (issue 13), which an element loading a url itself cannot send. Revoke it once played.
 */
export async function speechObjectUrl(text: string): Promise<string> {
  return URL.createObjectURL(await requestBlob(speechUrl(text)));
}
