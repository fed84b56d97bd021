import { isPlayer } from '@sayspell/core/game/players';
import type { GameState } from '@sayspell/core/game/types';
import { parseChannel } from '@sayspell/core/protocol/channels';
import { DomainError } from '../errors.ts';

// who may join which channel: the server decides, as POST /v1/pusher/auth does in the spec

export interface ChannelAccessDeps {
  isPlayer(gameId: string, userId: string): Promise<boolean>;
}

/** a game's channels are its players': asked of the stored game (who plays in it never changes) */
export function playersOfStoredGames(games: {
  get(id: string): Promise<Pick<GameState, 'spellerId' | 'speakerId'> | null>;
}): ChannelAccessDeps {
  return {
    async isPlayer(gameId, userId) {
      const game = await games.get(gameId);
      return game !== null && isPlayer(game, userId);
    },
  };
}

export async function authorizeChannel(deps: ChannelAccessDeps, userId: string, channel: string) {
  const parsed = parseChannel(channel);
  if (!parsed) throw new DomainError('BAD_REQUEST', `There is no channel called "${channel.slice(0, 80)}".`);
  switch (parsed.kind) {
    case 'game':
    case 'results':
      if (!(await deps.isPlayer(parsed.gameId, userId))) {
        throw new DomainError('CHANNEL_FORBIDDEN', 'You are not a player in this game.');
      }
      return parsed;
    case 'user':
    case 'invite':
      if (parsed.userId !== userId)
        throw new DomainError('CHANNEL_FORBIDDEN', 'This is another player’s channel.');
      return parsed;
    default:
      return parsed;
  }
}
