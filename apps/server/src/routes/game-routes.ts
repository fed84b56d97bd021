import {
  createPartneredGameSchema,
  createSoloGameSchema,
  deleteUnfinishedGameSchema,
  idSchema,
} from '@sayspell/core/protocol/game';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../errors.ts';
import { type GameService, NEEDS_CONSENT } from '../games/game-service.ts';
import type { GameLifecycle } from '../games/lifecycle/game-lifecycle.ts';
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
  deps: {
    authenticate: Authenticate;
    games: GameService;
    lifecycle: Pick<GameLifecycle, 'closedPage' | 'pageBack'>;
    tts: TtsService;
  },
) {
  const { authenticate, games } = deps;

  // solo when the body says solo: true, partnered otherwise (§7). a partnered game needs both
  // players' consent, which only a match or an accepted invite carries: those make the game
  // themselves, so here a partnered body is checked and then refused
  app.post('/v1/game', async (req) => {
    const me = await authenticate(req);
    if ((req.body as { solo?: unknown } | null)?.solo === true) {
      return games.createSolo(me.userId, parse(createSoloGameSchema, req.body));
    }
    parse(createPartneredGameSchema, req.body);
    throw new DomainError('FORBIDDEN', NEEDS_CONSENT);
  });

  app.get('/v1/game/:id', async (req, reply) => {
    const me = await authenticate(req);
    const { id } = parse(gameParams, req.params, 'game id');
    const body = await games.getJson(id, me.userId);
    // a player's page asking for its game after its beacon: the reload is back
    await deps.lifecycle.pageBack(id, me.userId);
    // already JSON ({ data: view }, games.getJson): sent as it is
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.post('/v1/delete-unfinished-game', async (req) => {
    const me = await authenticate(req);
    const { _id, deferred } = parse(deleteUnfinishedGameSchema, req.body);
    // the page closed: the game lifecycle keeps the game for a reload, then ends it
    if (deferred) return { deleted: false, scheduled: await deps.lifecycle.closedPage(_id, me.userId) };
    return { deleted: await games.deleteUnfinished(_id, me.userId) };
  });

  // opened by an <audio> element, which sends no Authorization header: the link is the capability
  app.get('/v1/game/:id/audio/:token', async (req, reply) => {
    const { id, token } = parse(audioParams, req.params, 'audio link');
    const word = await games.audioWord(id, token);
    // the game's own renders, never the public cache: see providers/tts/game-audio.ts
    return sendSpeech(reply, await deps.tts.game.get(id, token, word).catch(speechError), 'no-store');
  });
}
