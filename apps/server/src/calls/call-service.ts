import { isPlayer, partnerOf } from '@sayspell/core/game/players';
import type { GameState } from '@sayspell/core/game/types';
import type { AudioToken } from '@sayspell/core/protocol/call';
import { channels } from '@sayspell/core/protocol/channels';
import { DomainError } from '../errors.ts';
import type { Clock, GameService } from '../games/game-service.ts';
import { type CallConfig, iceServersFor } from './ice-servers.ts';

export type CallService = ReturnType<typeof createCallService>;

// a call belongs to a partnered game and to its two players only
export function createCallService(deps: { games: GameService; config: CallConfig; clock: Clock }) {
  const { games, config, clock } = deps;

  /** the game as its owner holds it; strangers are told what a game's own routes tell them */
  async function partnered(gameId: string, userId: string): Promise<GameState & { speakerId: string }> {
    const game = await games.stateOf(gameId);
    if (!game)
      throw new DomainError('GAME_NOT_FOUND', 'This game does not exist (it may have been deleted).');
    if (!isPlayer(game, userId)) throw new DomainError('NOT_A_PLAYER', 'You are not a player in this game.');
    if (game.solo || game.speakerId === null) throw new DomainError('SOLO_GAME', 'A solo game has no call.');
    return { ...game, speakerId: game.speakerId };
  }

  return {
    async token(gameId: string, userId: string): Promise<AudioToken> {
      const game = await partnered(gameId, userId);
      if (game.status === 'finished')
        throw new DomainError('GAME_FINISHED', 'This game has ended, and its call with it.');
      const expiresAt = clock.now() + config.limitSeconds * 1000;
      return {
        room: channels.game(gameId),
        iceServers: iceServersFor(config, userId, expiresAt),
        limitSeconds: config.limitSeconds,
        expiresAt,
        // the speller gives way when both sides offer at once
        polite: game.spellerId === userId,
      };
    },

    /** the other player of the game, whom a signal from `userId` may reach */
    async partnerOf(gameId: string, userId: string): Promise<string> {
      return partnerOf(await partnered(gameId, userId), userId)!;
    },
  };
}
