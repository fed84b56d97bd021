import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { games as gamesTable, words as wordsTable } from './db/schema.ts';
import { seed } from './db/seed.ts';
import type { Clock, GameService } from './games/game-service.ts';
import { errorBody, registerErrorHandler } from './http/error-handler.ts';
import type { SpeechRecognizer } from './providers/stt/types.ts';
import type { TtsService } from './providers/tts/create-tts.ts';
import { type AppServer, createRealtime } from './realtime/socket-server.ts';
import { adminRoutes } from './routes/admin-routes.ts';
import { authRoutes, loginMethods } from './routes/auth-routes.ts';
import { callRoutes } from './routes/call-routes.ts';
import { enterpriseRoutes } from './routes/enterprise-routes.ts';
import { gameRoutes } from './routes/game-routes.ts';
import { healthRoutes } from './routes/health-routes.ts';
import { languageRoutes } from './routes/language-routes.ts';
import { matchingRoutes } from './routes/matching-routes.ts';
import { socialRoutes } from './routes/social-routes.ts';
import { speechRoutes } from './routes/speech-routes.ts';
import { speechToTextRoutes } from './routes/speech-to-text-routes.ts';
import { statsRoutes } from './routes/stats-routes.ts';
import { topicRoutes } from './routes/topic-routes.ts';
import { userRoutes } from './routes/user-routes.ts';
import { webAppRoutes } from './routes/web-app-routes.ts';
import { wordRoutes } from './routes/word-routes.ts';
import { createServices } from './services.ts';

export interface SaySpellServer {
  app: FastifyInstance;
  io: AppServer;
  database: Database;
  games: GameService;
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

export async function buildServer(
  config: Config,
  opts: { logger?: Logger; clock?: Clock } = {},
): Promise<SaySpellServer> {
  const logger = opts.logger ?? pino({ level: config.logLevel });
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
    const services = await createServices({ db, config, clock, logger, getIo: () => io, publicUrl });
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
    });
    registerErrorHandler(app);
    const routes: { method: string; url: string }[] = [];
    app.addHook('onRoute', (r) => {
      for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
    });
    // while closing, answers end their connection, so a keep-alive client cannot hold the close
    let draining = false;
    app.addHook('onSend', async (_req, reply) => {
      if (draining) reply.header('Connection', 'close');
    });
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: { 'media-src': ["'self'", 'blob:', 'data:'], 'img-src': ["'self'", 'data:', 'blob:'] },
      },
    });
    await app.register(cookie, { secret: services.cookieSecret });
    await app.register(rateLimit, {
      max: config.rateLimitPerMinute,
      timeWindow: '1 minute',
      errorResponseBuilder: (_req, ctx) =>
        errorBody(
          429,
          `Too many requests. Please wait ${Math.ceil(ctx.ttl / 1000)} s and try again.`,
          'RATE_LIMITED',
        ),
    });

    if (config.redisUrl) {
      redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: true });
      redis.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));
      await redis.connect();
    }

    const channelAccess = {
      isPlayer: async (gameId: string, userId: string) => {
        const [g] = await db
          .select({ speller: gamesTable.spellerId, speaker: gamesTable.speakerId })
          .from(gamesTable)
          .where(eq(gamesTable.id, gameId));
        return !!g && (g.speller === userId || g.speaker === userId);
      },
    };
    healthRoutes(app, {
      ping: database.ping,
      databaseKind: database.kind,
      realtime: redis ? 'redis' : 'memory',
      config,
      ttsProvider: tts.providerName,
      loginMethods: loginMethods(socialLogin),
    });
    authRoutes(app, { auth, accounts, social: socialLogin, authenticate, publicUrl });
    userRoutes(app, { authenticate, profiles });
    adminRoutes(app, { authenticate, admin });
    languageRoutes(app, { db });
    gameRoutes(app, { authenticate, games, tts });
    matchingRoutes(app, { authenticate, matching });
    callRoutes(app, { authenticate, calls: services.calls });
    statsRoutes(app, {
      authenticate,
      stats,
      clock,
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
    speechRoutes(app, { tts, authenticate });
    await speechToTextRoutes(app, {
      authenticate,
      stt: services.stt,
      homophonesOf: async (word) => {
        const rows = await db
          .select({ h: wordsTable.homonyms })
          .from(wordsTable)
          .where(eq(wordsTable.word, word))
          .limit(5);
        return [...new Set(rows.flatMap((r) => r.h))];
      },
    });
    wordRoutes(app, { authenticate, wordAdmin, wordOfTheDay, pronunciations });
    topicRoutes(app, { authenticate, topics });
    enterpriseRoutes(app, { authenticate, enterprises: services.enterprises });
    await webAppRoutes(app, { webDist: config.webDist });

    io = createRealtime(app.server, {
      access,
      games,
      results,
      calls: services.calls,
      onUserGone: async (userId) => {
        await matching.leave(userId);
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

    const sweeper = setInterval(() => {
      games.sweep().catch((err) => logger.warn({ err }, 'deadline sweep failed'));
      services.invites.sweep().catch((err) => logger.warn({ err }, 'invite sweep failed'));
    }, SWEEP_INTERVAL_MS);
    sweeper.unref();
    const resumed = await games.resumeTimers();
    if (resumed) logger.info({ games: resumed }, 'resumed running games');

    let closing: Promise<void> | undefined;
    const redisClient = redis;
    return {
      app,
      io: realtime,
      database,
      games,
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
          games.stop();
          services.invites.stop();
          // websockets first (the http server would wait for them), then fastify stops accepting,
          // lets in-flight requests finish and closes idle keep-alive connections
          draining = true;
          // closing the transports (not disconnecting the sockets) lets clients reconnect by
          // themselves, to this server after a restart or to another instance
          realtime.engine.close();
          await app.close();
          await realtime.of('/').adapter.close();
          await ttsService.close();
          await services.stt?.close();
          services.mailer.close();
          if (redisClient) await redisClient.quit().catch(() => {});
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
