import type { AudioToken } from '@sayspell/core/protocol/call';
import { channels } from '@sayspell/core/protocol/channels';
import { DomainError } from '../errors.ts';
import type { Clock, GameService } from '../games/game-service.ts';
import { type CallConfig, iceServersFor } from './ice-servers.ts';

export type CallService = ReturnType<typeof createCallService>;

// a call belongs to a partnered game and to its two players only
export function createCallService(deps: { games: GameService; config: CallConfig; clock: Clock }) {
  const { games, config, clock } = deps;

  async function partnered(gameId: string, userId: string) {
    const game = await games.get(gameId, userId); // NOT_A_PLAYER / GAME_NOT_FOUND for strangers
    if (game.solo || !game.speaker) throw new DomainError('SOLO_GAME', 'A solo game has no call.');
    return game;
  }

  return {
    async token(gameId: string, userId: string): Promise<AudioToken> {
      const game = await partnered(gameId, userId);
      if (game.finished) throw new DomainError('GAME_FINISHED', 'This game has ended, and its call with it.');
      const expiresAt = clock.now() + config.limitSeconds * 1000;
      return {
        room: channels.game(gameId),
        iceServers: iceServersFor(config, userId, expiresAt),
        limitSeconds: config.limitSeconds,
        expiresAt,
        // the speller gives way when both sides offer at once
        polite: game.speller._id === userId,
      };
    },

    /** the other player of the game, whom a signal from `userId` may reach */
    async partnerOf(gameId: string, userId: string): Promise<string> {
      const game = await partnered(gameId, userId);
      return game.speaker?._id === userId ? game.speller._id : game.speaker!._id;
    },
  };
}
