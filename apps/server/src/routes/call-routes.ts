import { AUDIO_TOKEN_PATH } from '@sayspell/core/constants';
import { audioTokenQuery } from '@sayspell/core/protocol/call';
import type { FastifyInstance } from 'fastify';
import type { CallService } from '../calls/call-service.ts';
import type { Authenticate } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';

export function callRoutes(app: FastifyInstance, deps: { authenticate: Authenticate; calls: CallService }) {
  const { authenticate, calls } = deps;
  // the audio-token uri of /v1/config (§7: "from a configured URL with query id")
  app.get(AUDIO_TOKEN_PATH, async (req) => {
    const me = await authenticate(req);
    const { id } = parse(audioTokenQuery, req.query, 'query');
    return { data: await calls.token(id, me.userId) };
  });
}
