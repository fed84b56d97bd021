import type { GameView } from '@sayspell/core/protocol/game';

// which side of the game this player is on: alone with the voice, or one of two partners

export type PlayerRole = 'solo' | 'speaker' | 'speller';

export function playerRole(game: Pick<GameView, 'solo' | 'speaker'>, me: string): PlayerRole {
  if (game.solo) return 'solo';
  return game.speaker?._id === me ? 'speaker' : 'speller';
}

export const ROLE_NAMES: Record<Exclude<PlayerRole, 'solo'>, string> = {
  speaker: 'Speaker',
  speller: 'Speller',
};
