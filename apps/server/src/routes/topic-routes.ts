import { createCustomGameSchema, type TrendingTopicsAnswer } from '@sayspell/core/protocol/topics';
import type { FastifyInstance } from 'fastify';
import type { Authenticate } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import type { TopicService } from '../topics/topic-service.ts';

// custom topics and trending topics (§7)

export function topicRoutes(
  app: FastifyInstance,
  deps: { authenticate: Authenticate; topics: TopicService },
) {
  app.post('/v1/ai/CreateCustomGame', async (req) => {
    const me = await deps.authenticate(req);
    return deps.topics.createCustomGame(me.userId, parse(createCustomGameSchema, req.body));
  });

  app.get('/v1/sayspell-trending-topic', async (): Promise<TrendingTopicsAnswer> => {
    return { sortedCustomResults: await deps.topics.trending() };
  });
}
