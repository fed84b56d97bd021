import { LEADERBOARD_PERIODS } from '@sayspell/core/constants';
import { historyQuerySchema, inGameCheckSchema, userGameCountSchema } from '@sayspell/core/protocol/game';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../errors.ts';
import type { Clock } from '../games/game-service.ts';
import type { Authenticate } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { giftCardProgress, rankPlayers } from '../stats/rankings.ts';
import type { StatsRepository } from '../stats/stats-repository.ts';

const leaderboardQuery = z.object({
  period: z
    .enum(LEADERBOARD_PERIODS, { error: `period must be one of ${LEADERBOARD_PERIODS.join(', ')}.` })
    .default('week'),
});

export function statsRoutes(
  app: FastifyInstance,
  deps: {
    authenticate: Authenticate;
    stats: StatsRepository;
    clock: Clock;
    /** the online-users list shows who is in a game */
    onInGame?: (userId: string, inGame: boolean) => void;
    /** a game of this player that finished on this instance is in the database (game-owner.ts) */
    settled?: (userId: string) => Promise<void>;
  },
) {
  const { authenticate, stats } = deps;
  const settled = deps.settled ?? (async () => {});

  app.get('/v1/history', async (req) => {
    const me = await authenticate(req);
    const { page, pageSize } = parse(historyQuerySchema, req.query, 'query');
    await settled(me.userId);
    return { ...(await stats.history(me.userId, page, pageSize)), page, pageSize };
  });

  app.get('/v1/leaderboard', async (req) => {
    const me = await authenticate(req);
    const { period } = parse(leaderboardQuery, req.query, 'query');
    await settled(me.userId);
    return { period, ...rankPlayers(await stats.totals(period, deps.clock.now()), me.userId) };
  });

  app.get('/v1/giftcards', async (req) => {
    const me = await authenticate(req);
    await settled(me.userId);
    return giftCardProgress(await stats.giftCardFacts(me.userId));
  });

  app.post('/v1/user-game-count', async (req) => {
    await authenticate(req);
    const { id } = parse(userGameCountSchema, req.body);
    await settled(id);
    return { count: await stats.finishedCount(id) };
  });

  app.post('/v1/pusher/ingamecheck', async (req) => {
    const me = await authenticate(req);
    const { userId, inGame } = parse(inGameCheckSchema, req.body);
    if (userId !== me.userId) throw new DomainError('FORBIDDEN', 'You can only set your own in-game status.');
    await stats.setInGame(me.userId, inGame ? deps.clock.now() : null);
    deps.onInGame?.(me.userId, inGame);
    return { ok: true };
  });
}
