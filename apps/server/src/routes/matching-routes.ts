import { matchingSchema } from '@sayspell/core/protocol/game';
import type { FastifyInstance } from 'fastify';
import type { Authenticate } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import type { MatchingService } from '../matching/matching-service.ts';

export function matchingRoutes(
  app: FastifyInstance,
  deps: { authenticate: Authenticate; matching: MatchingService },
) {
  app.post('/v1/matching', async (req) => {
    const me = await deps.authenticate(req);
    return deps.matching.enter(me.userId, parse(matchingSchema, req.body));
  });

  app.delete('/v1/matching', async (req) => {
    const me = await deps.authenticate(req);
    return { removed: await deps.matching.leave(me.userId) };
  });
}
