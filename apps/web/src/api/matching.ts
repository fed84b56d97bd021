import type { GameView, MatchingInput } from '@sayspell/core/protocol/game';
import { beacon, request } from './client.ts';

// the match queue (§4): one entry per player; posting again replaces it

export type MatchingAnswer = { status: 'waiting' } | { status: 'matched'; game: GameView };

export function enterMatching(input: MatchingInput): Promise<MatchingAnswer> {
  return request<MatchingAnswer>('/v1/matching', { method: 'POST', body: input });
}

export function leaveMatching(): Promise<{ removed: boolean }> {
  return request('/v1/matching', { method: 'DELETE' });
}

/** the same, from a page that is going away (closed or reloaded) */
export function leaveMatchingOnExit(): void {
  beacon('/v1/matching', undefined, 'DELETE');
}
