import { AUDIO_TOKEN_PATH } from '@sayspell/core/constants';
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
    loginMethods: string[];
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
    loginMethods: deps.loginMethods,
    playStoreUrl: deps.config.playStoreUrl,
    appStoreUrl: deps.config.appStoreUrl,
    ttsProvider: deps.ttsProvider,
    // the native Apple sign-in needs the service id on Android (iOS uses the app's own)
    appleClientId: deps.config.oauth.apple?.clientId ?? null,
    audioTokenUri: AUDIO_TOKEN_PATH,
    audioCallLimit: deps.config.calls.limitSeconds,
  }));

  // what the mobile apps ask at start (§7): the newest app version per store, and whether ads show
  app.get('/v1/users/getUpdateReq', async () => {
    const a = deps.config.apps;
    return {
      androidUpdate: a.androidUpdate,
      iosUpdate: a.iosUpdate,
      iosAdsshow: a.iosAdsshow,
      androidAdsshow: a.androidAdsshow,
    };
  });

  app.get('/v1/users/getSelectedPartyDate', async () => ({ partDate: deps.config.apps.partyDate }));
}
