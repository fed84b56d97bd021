import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { withSafeErrors } from './db/query-errors.ts';
import { seed } from './db/seed.ts';
import { createDowntime } from './games/downtime.ts';
import { createGameRepository } from './games/game-repository.ts';
import type { Clock, GameService } from './games/game-service.ts';
import type { GameLifecycle } from './games/lifecycle/game-lifecycle.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { lazyRequestLogger } from './http/request-logger.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import type { SpeechRecognizer } from './providers/stt/types.ts';
import type { TtsService } from './providers/tts/create-tts.ts';
import { playersOfStoredGames } from './realtime/channel-access.ts';
import { type AppServer, createRealtime } from './realtime/socket-server.ts';
import { adminRoutes } from './routes/admin-routes.ts';
import { authRoutes, loginMethods } from './routes/auth-routes.ts';
import { callRoutes } from './routes/call-routes.ts';
import { enterpriseRoutes } from './routes/enterprise-routes.ts';
import { gameRoutes } from './routes/game-routes.ts';
import { healthRoutes } from './routes/health-routes.ts';
import { languageRoutes } from './routes/language-routes.ts';
import { learningRoutes } from './routes/learning-routes.ts';
import { matchingRoutes } from './routes/matching-routes.ts';
import { socialRoutes } from './routes/social-routes.ts';
import { speechRoutes } from './routes/speech-routes.ts';
import { speakerTurnOf, speechToTextRoutes } from './routes/speech-to-text-routes.ts';
import { statsRoutes } from './routes/stats-routes.ts';
import { topicRoutes } from './routes/topic-routes.ts';
import { userRoutes } from './routes/user-routes.ts';
import { webAppRoutes } from './routes/web-app-routes.ts';
import { wordRoutes } from './routes/word-routes.ts';
import { createServices } from './services.ts';
import { createStaleGuestSweep } from './social/stale-guests.ts';

export interface SaySpellServer {
  app: FastifyInstance;
  io: AppServer;
  database: Database;
  games: GameService;
  /** what players coming and going does to their games (games/lifecycle/) */
  lifecycle: GameLifecycle;
  tts: TtsService;
  logger: Logger;
  /** every route the app serves (the authorisation matrix test checks it covers them all) */
  routes: { method: string; url: string }[];
  /** listens on the configured host and port; returns the bound address */
  listen(): Promise<string>;
  /** stops accepting, lets in-flight work finish, then closes sockets and the database */
  close(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 2000;
const STALE_GUEST_SWEEP_MS = 3600_000;

export async function buildServer(
  config: Config,
  opts: { logger?: Logger; clock?: Clock } = {},
): Promise<SaySpellServer> {
  // failed queries are logged without their parameters (db/query-errors.ts)
  const logger = withSafeErrors(opts.logger ?? pino({ level: config.logLevel }));
  const clock = opts.clock ?? { now: Date.now };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let redis: Redis | undefined;
  let tts: TtsService | undefined;
  let stt: SpeechRecognizer | undefined;
  try {
    const { db } = database;
    const seeded = await seed(db);
    if (seeded.reseeded) logger.info({ words: seeded.words }, 'word bank seeded');

    let io: AppServer | undefined;
    let listeningUrl: string | undefined;
    const publicUrl = () =>
      (config.publicUrl ?? listeningUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
    const services = await createServices({
      db,
      config,
      clock,
      logger,
      getIo: () => io,
      publicUrl,
      writeLearning: database.writeLearning,
    });
    tts = services.tts;
    stt = services.stt;
    const ttsService = services.tts;
    const {
      access,
      auth,
      accounts,
      profiles,
      admin,
      socialLogin,
      authenticate,
      games,
      results,
      matching,
      stats,
      wordAdmin,
      wordOfTheDay,
      pronunciations,
      topics,
    } = services;

    const app = Fastify({
      loggerInstance: logger as FastifyBaseLogger,
      bodyLimit: 64 * 1024,
      trustProxy: config.trustProxy,
      return503OnClosing: true,
      childLoggerFactory: lazyRequestLogger,
    });
    registerErrorHandler(app);
    const routes: { method: string; url: string }[] = [];
    app.addHook('onRoute', (r) => {
      for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
    });
    // while closing, answers end their connection, so a keep-alive client cannot hold the close
    let draining = false;
    app.addHook('onSend', (_req, reply, payload, done) => {
      if (draining) reply.header('Connection', 'close');
      done(null, payload);
    });
    await registerSecurityHeaders(app, { trustProxy: config.trustProxy, publicUrl: config.publicUrl });
    await registerCompression(app);
    await app.register(cookie, { secret: services.cookieSecret });

    if (config.redisUrl) {
      redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: true });
      redis.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));
      await redis.connect();
    }
    await registerRateLimits(app, {
      limits: config.rateLimits,
      access,
      redis,
      redisPrefix: config.redisPrefix,
    });

    const channelAccess = playersOfStoredGames(createGameRepository(db));
    healthRoutes(app, {
      ping: database.ping,
      databaseKind: database.kind,
      realtime: redis ? 'redis' : 'memory',
      config,
      ttsProvider: tts.providerName,
      loginMethods: loginMethods(socialLogin),
    });
    authRoutes(app, {
      auth,
      accounts,
      recovery: services.recovery,
      social: socialLogin,
      authenticate,
      publicUrl,
    });
    userRoutes(app, { authenticate, profiles, recovery: services.recovery, voice: services.voiceSettings });
    adminRoutes(app, { authenticate, admin });
    languageRoutes(app, { languages: services.languages });
    gameRoutes(app, { authenticate, games, lifecycle: services.lifecycle, tts });
    learningRoutes(app, { authenticate, learning: services.learning, games, speech: tts.game });
    matchingRoutes(app, { authenticate, matching });
    callRoutes(app, { authenticate, calls: services.calls });
    statsRoutes(app, {
      authenticate,
      stats,
      clock,
      settled: (userId) => games.owner.settledFor(userId),
      onInGame: (userId, inGame) =>
        services.notifier.presence(inGame ? 'route-update-ingame' : 'route-update-idealgame', { userId }),
    });
    socialRoutes(app, {
      authenticate,
      social: services.social,
      chat: services.chat,
      invites: services.invites,
      moderation: services.moderation,
      dispatch: services.socialDispatch,
      notifier: services.notifier,
      channelAccess,
    });
    speechRoutes(app, { tts, authenticate, voiceOf: (userId) => services.voiceSettings.get(userId) });
    await speechToTextRoutes(app, {
      authenticate,
      stt: services.stt,
      speakerTurn: speakerTurnOf(games),
      homophonesOf: (word) => services.wordBank.homophonesOf(word),
    });
    wordRoutes(app, { authenticate, wordAdmin, wordOfTheDay, pronunciations });
    topicRoutes(app, { authenticate, topics });
    enterpriseRoutes(app, { authenticate, enterprises: services.enterprises });
    await webAppRoutes(app, { webDist: config.webDist });

    io = createRealtime(app.server, {
      access,
      sessions: services.sessions,
      games,
      lifecycle: services.lifecycle,
      results,
      calls: services.calls,
      onUserGone: async (userId) => {
        await matching.leave(userId);
        await services.social.gone(userId);
      },
      channelAccess,
      social: services.socialDispatch,
      redis,
      redisPrefix: config.redisPrefix,
      logger,
      disconnectGraceMs: config.disconnectGraceMs,
      ping: { intervalMs: config.pingIntervalMs, timeoutMs: config.pingTimeoutMs },
      clock,
    });
    const realtime = io;

    // a restart gives its downtime back to the running games, before their timers are re-armed
    const downtime = createDowntime(db, clock, {
      cluster: config.redisPrefix,
      outageMs: 3 * SWEEP_INTERVAL_MS,
    });
    const given = await downtime.giveBack();
    if (given.givenMs) logger.info(given, 'gave the downtime back to the running games');
    const sweeper = setInterval(() => {
      downtime.beat().catch((err) => logger.warn({ err }, 'heartbeat failed'));
      // deadlines, closed pages and invites whose timers died with another instance
      services.lifecycle.sweep().catch((err) => logger.warn({ err }, 'lifecycle sweep failed'));
    }, SWEEP_INTERVAL_MS);
    sweeper.unref();
    // guests nobody can use any more are cleaned away (social/stale-guests.ts)
    const sweepStaleGuests = createStaleGuestSweep({ db, clock, isOnline: services.notifier.isOnline });
    const guestSweeper = setInterval(() => {
      sweepStaleGuests().catch((err) => logger.warn({ err }, 'stale guest sweep failed'));
    }, STALE_GUEST_SWEEP_MS);
    guestSweeper.unref();
    const resumed = await services.lifecycle.resume();
    if (resumed) logger.info({ games: resumed }, 'resumed running games');

    let closing: Promise<void> | undefined;
    const redisClient = redis;
    return {
      app,
      io: realtime,
      database,
      games,
      lifecycle: services.lifecycle,
      tts: ttsService,
      logger,
      routes,
      async listen() {
        const address = await app.listen({ host: config.host, port: config.port });
        const port = Number(new URL(address).port);
        // links in mails name the address a browser on this machine opens
        listeningUrl = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
        return address;
      },
      close() {
        closing ??= (async () => {
          clearInterval(sweeper);
          clearInterval(guestSweeper);
          services.lifecycle.stop();
          // websockets first (the http server would wait for them), then fastify stops accepting,
          // lets in-flight requests finish and closes idle keep-alive connections
          draining = true;
          // closing the transports (not disconnecting the sockets) lets clients reconnect by
          // themselves, to this server after a restart or to another instance
          realtime.engine.close();
          await app.close();
          // the games this instance owns: their last writes land and their leases are given up
          await games.owner.stop();
          // the learning updates of the guesses answered so far (they run after the answer)
          await services.learning.idle();
          await realtime.of('/').adapter.close();
          await ttsService.close();
          await services.stt?.close();
          services.mailer.close();
          if (redisClient) await redisClient.quit().catch(() => {});
          // the last beat: a restart measures its downtime from here
          await downtime.beat().catch(() => {});
          await database.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    await tts?.close().catch(() => {});
    await stt?.close().catch(() => {});
    redis?.disconnect();
    await database.close().catch(() => {});
    throw err;
  }
}
