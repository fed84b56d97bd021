import { channels } from '@sayspell/core/protocol/channels';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { createAccessTokens } from './auth/access-tokens.ts';
import { createAuthService } from './auth/auth-service.ts';
import { createRefreshTokens } from './auth/refresh-tokens.ts';
import { createUsers } from './auth/users.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { languages, users as usersTable } from './db/schema.ts';
import { loadOrCreateSecret } from './db/secrets.ts';
import { createAudioLinks } from './games/audio-links.ts';
import { createGameRepository } from './games/game-repository.ts';
import { type Clock, createGameService, type GameService } from './games/game-service.ts';
import { createResultsService } from './games/results-service.ts';
import { createWordPicker } from './games/word-picker.ts';
import { createAuthenticate } from './http/authenticate.ts';
import { createMatchQueue } from './matching/match-queue.ts';
import { createMatchingService } from './matching/matching-service.ts';
import { createTts } from './providers/tts/create-tts.ts';
import { createSocketBroadcaster } from './realtime/broadcaster.ts';
import type { AppServer } from './realtime/socket-server.ts';
import { createStatsRepository } from './stats/stats-repository.ts';

// the domain services, wired to the database, the clock and (lazily) the socket server

export async function createServices(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
  getIo: () => AppServer | undefined;
}) {
  const { db, config, clock, logger } = deps;
  const socketsOf = async (room: string) => (await deps.getIo()?.in(room).fetchSockets()) ?? [];
  const secret = config.jwtSecret ?? (await loadOrCreateSecret(db, 'jwt'));
  const access = createAccessTokens(secret, config.accessTokenTtl);
  const users = createUsers(db);
  const auth = createAuthService({
    users,
    access,
    refresh: createRefreshTokens(db, config.refreshTokenTtl),
  });
  const authenticate = createAuthenticate(access);
  const tts = createTts({ provider: config.ttsProvider, cacheBytes: config.ttsCacheBytes, logger });
  // the first word of the first game should not wait for the engine to load
  tts.warmUp().catch((err) => logger.warn({ err }, 'speech warm-up failed'));

  const games: GameService = createGameService({
    repo: createGameRepository(db),
    pickWords: createWordPicker(db),
    audio: createAudioLinks(await loadOrCreateSecret(db, 'audio-links')),
    clock,
    broadcaster: createSocketBroadcaster(deps.getIo, (s, userId) => games.viewFor(s, userId), clock),
    presence: {
      playersOnline: async (gameId) => {
        const sockets = await socketsOf(channels.game(gameId));
        return new Set(sockets.map((s) => s.data.user.userId));
      },
    },
    abandonGraceMs: config.disconnectGraceMs,
    isLanguageEnabled: async (name) => {
      const [row] = await db.select().from(languages).where(eq(languages.name, name));
      return row?.enabled === true;
    },
    userExists: async (id) =>
      (await db.select({ id: usersTable.id }).from(usersTable).where(eq(usersTable.id, id))).length > 0,
  });
  const results = createResultsService({ repo: createGameRepository(db), games, clock });
  const matching = createMatchingService({
    queue: createMatchQueue(db),
    games,
    clock,
    notifier: {
      matchFound: (userId, gameId) => deps.getIo()?.to(channels.user(userId)).emit('match-found', { gameId }),
      isOnline: async (userId) => (await socketsOf(channels.user(userId))).length > 0,
    },
  });
  const stats = createStatsRepository(db);
  return { access, users, auth, authenticate, tts, games, results, matching, stats };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
