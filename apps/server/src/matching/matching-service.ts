import type { GameView } from '@sayspell/core/protocol/game';
import { DomainError } from '../errors.ts';
import type { Clock, GameService, GameSettings } from '../games/game-service.ts';
import type { MatchQueue } from './match-queue.ts';
import { assignRoles, type QueueEntry } from './match-rules.ts';

// pairs waiting players and creates their game; the one who was waiting hears about it by socket

export interface MatchNotifier {
  matchFound(userId: string, gameId: string): void;
  isOnline(userId: string): Promise<boolean>;
}

export function createMatchingService(deps: {
  queue: MatchQueue;
  games: GameService;
  notifier: MatchNotifier;
  clock: Clock;
  random?: () => number;
}) {
  const { queue, games, notifier, clock } = deps;
  const random = deps.random ?? Math.random;

  return {
    async enter(
      userId: string,
      settings: GameSettings & Pick<QueueEntry, 'role' | 'difficulty'>,
    ): Promise<{ status: 'waiting' } | { status: 'matched'; game: GameView }> {
      if (!(await games.isPlayable(settings))) {
        throw new DomainError(
          'CATEGORY_UNAVAILABLE',
          `The category "${settings.category}" is not available.`,
        );
      }
      const entry: QueueEntry = { userId, ...settings, enteredAt: clock.now() };
      const match = await queue.enter(entry, notifier.isOnline);
      if (!match) return { status: 'waiting' };
      const roles = assignRoles(match.partner, entry, random);
      try {
        const game = await games.createPartnered(userId, {
          language: settings.language,
          difficulty: settings.difficulty,
          category: match.category,
          // the one who waited set the pace
          gameTimer: match.partner.gameTimer,
          ...roles,
        });
        notifier.matchFound(match.partner.userId, game._id);
        return { status: 'matched', game };
      } catch (err) {
        // the partner keeps their place
        await queue.put(match.partner);
        throw err;
      }
    },

    leave: (userId: string) => queue.leave(userId),
  };
}

export type MatchingService = ReturnType<typeof createMatchingService>;
