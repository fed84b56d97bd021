import { RESULTS_COUNTDOWN_SECONDS } from '@sayspell/core/constants';
import { isPlayer } from '@sayspell/core/game/players';
import type { GameState } from '@sayspell/core/game/types';
import { DomainError } from '../errors.ts';
import type { GameRepository } from './game-repository.ts';
import type { Clock, GameService } from './game-service.ts';

// after a game: the results screen's shared countdown, and "play again" with the same partner

export function createResultsService(deps: { repo: GameRepository; games: GameService; clock: Clock }) {
  const { repo, games, clock } = deps;

  async function finishedGameOf(id: string, userId: string): Promise<GameState> {
    // a finish answered on this instance a moment ago may still be on its way to the database
    await games.owner.settled(id);
    const state = await repo.get(id);
    if (!state)
      throw new DomainError('GAME_NOT_FOUND', 'This game does not exist (it may have been deleted).');
    if (!isPlayer(state, userId)) {
      throw new DomainError('NOT_A_PLAYER', 'You are not a player in this game.');
    }
    if (state.status !== 'finished') throw new DomainError('NOT_STARTED', 'This game has not finished yet.');
    return state;
  }

  return {
    /** every player is on the results screen: the countdown starts, once; later calls get the same start */
    async countdown(id: string, userId: string): Promise<{ startsAt: number }> {
      await finishedGameOf(id, userId);
      return {
        startsAt: await repo.startResultsCountdown(id, clock.now() + RESULTS_COUNTDOWN_SECONDS * 1000),
      };
    },

    /** both players must ask; the second request creates the game, roles swapped */
    async playAgain(
      id: string,
      userId: string,
    ): Promise<{ waiting: true } | { waiting: false; gameId: string }> {
      const old = await finishedGameOf(id, userId);
      if (old.solo || old.speakerId === null) {
        throw new DomainError(
          'BAD_REQUEST',
          'Play again with a partner is for partnered games; start a new solo game instead.',
        );
      }
      const answer = await repo.requestRematch(id, userId);
      if (answer.waiting || !answer.created)
        return answer.waiting ? answer : { waiting: false, gameId: answer.gameId };
      try {
        await games.createPartnered(
          null,
          {
            language: old.language,
            difficulty: old.difficulty,
            category: old.category,
            gameTimer: old.gameTimerSeconds,
            speaker: old.spellerId,
            speller: old.speakerId,
          },
          answer.gameId,
        );
      } catch (err) {
        await repo.clearRematch(id);
        throw err;
      }
      return { waiting: false, gameId: answer.gameId };
    },
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;
