import {
  createPartneredGameSchema,
  createSoloGameSchema,
  deleteUnfinishedGameSchema,
  idSchema,
} from '@sayspell/core/protocol/game';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GameService } from '../games/game-service.ts';
import type { Authenticate } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import type { TtsService } from '../providers/tts/create-tts.ts';
import { sendSpeech, speechError } from './speech-routes.ts';

const gameParams = z.object({ id: idSchema });
const audioParams = z.object({
  id: idSchema,
  token: z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'Not an audio link.'),
});

export function gameRoutes(
  app: FastifyInstance,
  deps: { authenticate: Authenticate; games: GameService; tts: TtsService },
) {
  const { authenticate, games } = deps;

  // solo when the body says solo: true, partnered otherwise (§7)
  app.post('/v1/game', async (req) => {
    const me = await authenticate(req);
    if ((req.body as { solo?: unknown } | null)?.solo === true) {
      return games.createSolo(me.userId, parse(createSoloGameSchema, req.body));
    }
    return games.createPartnered(me.userId, parse(createPartneredGameSchema, req.body));
  });

  app.get('/v1/game/:id', async (req) => {
    const me = await authenticate(req);
    const { id } = parse(gameParams, req.params, 'game id');
    return { data: await games.get(id, me.userId) };
  });

  app.post('/v1/delete-unfinished-game', async (req) => {
    const me = await authenticate(req);
    const { _id, deferred } = parse(deleteUnfinishedGameSchema, req.body);
    if (deferred) return { deleted: false, scheduled: await games.abandon(_id, me.userId) };
    return { deleted: await games.deleteUnfinished(_id, me.userId) };
  });

  // opened by an <audio> element, which sends no Authorization header: the link is the capability
  app.get('/v1/game/:id/audio/:token', async (req, reply) => {
    const { id, token } = parse(audioParams, req.params, 'audio link');
    const word = await games.audioWord(id, token);
    return sendSpeech(reply, await deps.tts.speak(word).catch(speechError), 'no-store');
  });
}
