import type { GameState } from './types.ts';

// who plays a game: the one answer to "is this user a player of this game?" for the engine, the
// services and the socket layer alike

type Players = Pick<GameState, 'spellerId' | 'speakerId'>;

export function isPlayer(game: Players, userId: string): boolean {
  return game.spellerId === userId || game.speakerId === userId;
}

/** the other player of a partnered game; null for a solo game or a stranger */
export function partnerOf(game: Players, userId: string): string | null {
  if (game.speakerId === null || !isPlayer(game, userId)) return null;
  return game.spellerId === userId ? game.speakerId : game.spellerId;
}
