import { createCustomGameSchema, type TrendingTopicsAnswer } from '@sayspell/core/protocol/topics';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors.ts';
import { NEEDS_CONSENT } from '../games/game-service.ts';
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
    const input = parse(createCustomGameSchema, req.body);
    // a partner joins by accepting an invite, never by being named here
    if (input.speaker) throw new DomainError('FORBIDDEN', NEEDS_CONSENT);
    // the wire's names (§7): category is the topic, gametimer the timer, userId the speller
    return deps.topics.createCustomGame(me.userId, {
      topic: input.category,
      gameTimer: input.gametimer,
      speller: input.userId,
      speaker: null,
      difficulty: input.difficulty,
      language: input.language,
      words: input.words,
    });
  });

  app.get('/v1/sayspell-trending-topic', async (): Promise<TrendingTopicsAnswer> => {
    return { sortedCustomResults: await deps.topics.trending() };
  });
}
