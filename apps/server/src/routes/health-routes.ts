import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

export function healthRoutes(
  app: FastifyInstance,
  deps: {
    ping: () => Promise<boolean>;
    databaseKind: string;
    realtime: string;
    config: Config;
    ttsProvider: string;
  },
) {
  app.get('/health', async (_req, reply) => {
    const ok = await deps.ping().catch(() => false);
    return reply
      .status(ok ? 200 : 503)
      .send({ status: ok ? 'ok' : 'unavailable', database: deps.databaseKind, realtime: deps.realtime });
  });

  app.get('/v1/config', async () => ({
    socialLogin: deps.config.socialLogin,
    playStoreUrl: deps.config.playStoreUrl,
    appStoreUrl: deps.config.appStoreUrl,
    ttsProvider: deps.ttsProvider,
  }));
}
