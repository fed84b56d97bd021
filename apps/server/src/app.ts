import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { games as gamesTable } from './db/schema.ts';
import { seed } from './db/seed.ts';
import type { Clock, GameService } from './games/game-service.ts';
import { errorBody, registerErrorHandler } from './http/error-handler.ts';
import type { TtsService } from './providers/tts/create-tts.ts';
import { type AppServer, createRealtime } from './realtime/socket-server.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { gameRoutes } from './routes/game-routes.ts';
import { healthRoutes } from './routes/health-routes.ts';
import { languageRoutes } from './routes/language-routes.ts';
import { matchingRoutes } from './routes/matching-routes.ts';
import { speechRoutes } from './routes/speech-routes.ts';
import { statsRoutes } from './routes/stats-routes.ts';
import { userRoutes } from './routes/user-routes.ts';
import { webAppRoutes } from './routes/web-app-routes.ts';
import { createServices } from './services.ts';

export interface SaySpellServer {
  app: FastifyInstance;
  io: AppServer;
  database: Database;
  games: GameService;
  tts: TtsService;
  logger: Logger;
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
  try {
    const { db } = database;
    const seeded = await seed(db);
    if (seeded.reseeded) logger.info({ words: seeded.words }, 'word bank seeded');

    let io: AppServer | undefined;
    const services = await createServices({ db, config, clock, logger, getIo: () => io });
    tts = services.tts;
    const ttsService = services.tts;
    const { access, users, auth, authenticate, games, results, matching, stats } = services;

    const app = Fastify({
      loggerInstance: logger as FastifyBaseLogger,
      bodyLimit: 64 * 1024,
      trustProxy: true,
      return503OnClosing: true,
    });
    registerErrorHandler(app);
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

    healthRoutes(app, {
      ping: database.ping,
      databaseKind: database.kind,
      realtime: redis ? 'redis' : 'memory',
      config,
      ttsProvider: tts.providerName,
    });
    authRoutes(app, { auth });
    userRoutes(app, { authenticate, users });
    languageRoutes(app, { db });
    gameRoutes(app, { authenticate, games, tts });
    matchingRoutes(app, { authenticate, matching });
    statsRoutes(app, { authenticate, stats, clock });
    speechRoutes(app, { tts });
    await webAppRoutes(app, { webDist: config.webDist });

    io = createRealtime(app.server, {
      access,
      games,
      results,
      onUserGone: async (userId) => {
        await matching.leave(userId);
      },
      channelAccess: {
        isPlayer: async (gameId, userId) => {
          const [g] = await db
            .select({ speller: gamesTable.spellerId, speaker: gamesTable.speakerId })
            .from(gamesTable)
            .where(eq(gamesTable.id, gameId));
          return !!g && (g.speller === userId || g.speaker === userId);
        },
      },
      redis,
      redisPrefix: config.redisPrefix,
      logger,
      disconnectGraceMs: config.disconnectGraceMs,
      clock,
    });
    const realtime = io;

    const sweeper = setInterval(() => {
      games.sweep().catch((err) => logger.warn({ err }, 'deadline sweep failed'));
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
      async listen() {
        return app.listen({ host: config.host, port: config.port });
      },
      close() {
        closing ??= (async () => {
          clearInterval(sweeper);
          games.stop();
          // websockets first (the http server would wait for them), then fastify stops accepting,
          // lets in-flight requests finish and closes idle keep-alive connections
          draining = true;
          // closing the transports (not disconnecting the sockets) lets clients reconnect by
          // themselves, to this server after a restart or to another instance
          realtime.engine.close();
          await app.close();
          await realtime.of('/').adapter.close();
          await ttsService.close();
          if (redisClient) await redisClient.quit().catch(() => {});
          await database.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    await tts?.close().catch(() => {});
    redis?.disconnect();
    await database.close().catch(() => {});
    throw err;
  }
}
