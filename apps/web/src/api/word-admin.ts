import type { AddWordInput, WordAuditEntry, WordChangeAnswer } from '@sayspell/core/protocol/words';
import { queryOptions } from '@tanstack/react-query';
import { request } from './client.ts';

// the admin word tools (§6, §7): words per language, homophone pairs, and their audit trail

export const wordAuditQuery = queryOptions({
  queryKey: ['admin-word-audit'],
  queryFn: async () => (await request<{ entries: WordAuditEntry[] }>('/v1/admin/word-audit')).entries,
});

export function addWord(input: AddWordInput): Promise<WordChangeAnswer> {
  return request('/v1/add-word', { method: 'POST', body: input });
}

export function removeWord(input: { language: string; word: string }): Promise<WordChangeAnswer> {
  return request('/v1/remove-word', { method: 'POST', body: input });
}

export function addHomonym(pair: { word1: string; word2: string }): Promise<WordChangeAnswer> {
  return request('/v1/add-homonym', { method: 'POST', body: pair });
}

export function removeHomonym(pair: { word1: string; word2: string }): Promise<WordChangeAnswer> {
  return request('/v1/remove-homonym', { method: 'POST', body: pair });
}
