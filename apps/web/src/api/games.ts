import type { CreateSoloGameInput, GameView } from '@sayspell/core/protocol/game';
import { beacon, request } from './client.ts';

export function createSoloGame(input: CreateSoloGameInput): Promise<GameView> {
  return request<GameView>('/v1/game', { method: 'POST', body: input });
}

export async function getGame(id: string, signal?: AbortSignal): Promise<GameView> {
  const answer = await request<{ data: GameView }>(`/v1/game/${encodeURIComponent(id)}`, { signal });
  return answer.data;
}

export function deleteUnfinishedGame(id: string): Promise<{ deleted: boolean }> {
  return request('/v1/delete-unfinished-game', { method: 'POST', body: { _id: id } });
}

/**
 * the same, from a page that is going away. a reload looks exactly like a close here, so the
 * server deletes the game only if the player does not come back within a few seconds
 */
export function deleteUnfinishedGameOnExit(id: string): void {
  beacon('/v1/delete-unfinished-game', { _id: id, deferred: true });
}
