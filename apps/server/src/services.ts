import { channels } from '@sayspell/core/protocol/channels';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { createAccessTokens } from './auth/access-tokens.ts';
import { createAccountService } from './auth/account-service.ts';
import { createAdminService } from './auth/admin-service.ts';
import { createAuthService } from './auth/auth-service.ts';
import { createEmailTokens } from './auth/email-tokens.ts';
import { createGuestClaims } from './auth/guest-claims.ts';
import { createProfileService } from './auth/profile-service.ts';
import { createRefreshTokens } from './auth/refresh-tokens.ts';
import { socialProviders } from './auth/social/oauth-providers.ts';
import { createThrottle } from './auth/throttle.ts';
import { createUsers } from './auth/users.ts';
import { createCallService } from './calls/call-service.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { languages, users as usersTable } from './db/schema.ts';
import { loadOrCreateSecret } from './db/secrets.ts';
import { createEnterpriseService } from './enterprise/enterprise-service.ts';
import { createEnterpriseWords } from './enterprise/enterprise-words.ts';
import { createAudioLinks } from './games/audio-links.ts';
import { createGameRepository } from './games/game-repository.ts';
import { type Clock, createGameService, type GameService } from './games/game-service.ts';
import { createResultsService } from './games/results-service.ts';
import { createWordPicker } from './games/word-picker.ts';
import { createAuthenticate } from './http/authenticate.ts';
import { createMatchQueue } from './matching/match-queue.ts';
import { createMatchingService } from './matching/matching-service.ts';
import { createMailer } from './providers/mail/mailer.ts';
import { createStt } from './providers/stt/create-stt.ts';
import { createTts } from './providers/tts/create-tts.ts';
import { createSocketBroadcaster } from './realtime/broadcaster.ts';
import type { AppServer } from './realtime/socket-server.ts';
import { createChatService } from './social/chat-service.ts';
import { createInviteService } from './social/invite-service.ts';
import { createModerationService } from './social/moderation-service.ts';
import { createRelations } from './social/relations.ts';
import { createSocialDispatch } from './social/social-dispatch.ts';
import { createSocialService } from './social/social-service.ts';
import { createStatsRepository } from './stats/stats-repository.ts';
import { type LoadedTopicIndex, readTopicIndex } from './topics/topic-index.ts';
import { offlineTopicProvider, openAiTopicProvider } from './topics/topic-providers.ts';
import { createTopicService } from './topics/topic-service.ts';
import { createPronunciations } from './words/pronunciations.ts';
import { createWordAdminService } from './words/word-admin-service.ts';
import { createWordOfTheDay } from './words/word-of-the-day.ts';

// the domain services, wired to the database, the clock and (lazily) the socket server

export async function createServices(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
  getIo: () => AppServer | undefined;
  /** the address players open the site at (PUBLIC_URL, else the listening address) */
  publicUrl: () => string;
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
  const mailer = createMailer({ ...config.mail, logger });
  const accounts = createAccountService({
    db,
    users,
    auth,
    emailTokens: createEmailTokens(db, clock, config.emailTokenTtl),
    guestClaims: createGuestClaims(secret),
    mailer,
    throttle: createThrottle(db, clock, config.throttle.windowMs),
    clock,
    logger,
    adminEmails: config.adminEmails,
    limits: config.throttle,
    publicUrl: deps.publicUrl,
  });
  const profiles = createProfileService({
    db,
    users,
    auth,
    accounts,
    relationsOf: (id) => relationsView(id),
  });
  const admin = createAdminService({ users, auth });
  const socialLogin = socialProviders(config);
  const relationsView = async (id: string) => {
    const [friends, blocks] = await Promise.all([relations.friendsOf(id), relations.blocksOf(id)]);
    return { friends, usersThatIblocked: blocks.iBlocked, usersThatBlockedMe: blocks.blockedMe };
  };
  const tts = createTts({
    provider: config.ttsProvider,
    cacheBytes: config.ttsCacheBytes,
    google: config.googleTts,
    logger,
  });
  // the first word of the first game should not wait for the engine to load
  tts.warmUp().catch((err) => logger.warn({ err }, 'speech warm-up failed'));

  // started on the first check: the pocketsphinx worker holds ~350 MB once loaded
  const stt = createStt({ ...config.stt, logger });

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
  const calls = createCallService({ games, config: config.calls, clock });

  const io = () => deps.getIo();
  // typed events are checked where they are defined (core protocol); here they pass through
  const emit = (room: string, event: string, payload: unknown) => {
    const target = io()?.to(room) as unknown as { emit(e: string, p: unknown): boolean } | undefined;
    target?.emit(event, payload);
  };
  const notifier = {
    user: (userId: string, event: string, payload: unknown) => emit(channels.user(userId), event, payload),
    invites: (userId: string, event: string, payload: unknown) =>
      emit(channels.invite(userId), event, payload),
    presence: (event: string, payload: unknown) => emit(channels.users, event, payload),
    isOnline: async (userId: string) => (await socketsOf(channels.user(userId))).length > 0,
    onlineUsers: async () => [...new Set((await socketsOf(channels.users)).map((s) => s.data.user.userId))],
    /** every tab of a user joins a channel (POST /v1/pusher/join) */
    join: async (userId: string, channel: string) => {
      io()?.in(channels.user(userId)).socketsJoin(channel);
    },
  };
  const relations = createRelations(db, clock);
  const socialThrottle = createThrottle(db, clock, 60_000);
  const invites = createInviteService({
    db,
    users,
    relations,
    games,
    notifier,
    throttle: socialThrottle,
    clock,
    // topics is made below; it is called only when an invite is accepted
    customGame: (callerId, input) => topics.createCustomGame(callerId, input),
    enterpriseGame: (callerId, input) => enterprises.createGame(callerId, input),
  });
  const chat = createChatService({ db, users, relations, notifier, throttle: socialThrottle, clock });
  const moderation = createModerationService({ db, users, admin, clock });
  const social = createSocialService({ users, relations, invites, notifier, stats });
  const socialDispatch = createSocialDispatch({ invites, chat, notifier });
  const pronunciations = createPronunciations(db);
  const wordAdmin = createWordAdminService({ db, clock, pronunciations });
  const wordOfTheDay = createWordOfTheDay(db);
  // the topic index is read on the first custom game, not at start-up
  let topicIndex: LoadedTopicIndex | undefined;
  const topicIndexOnce = () => {
    topicIndex ??= readTopicIndex();
    return topicIndex;
  };
  const topics = createTopicService({
    db,
    clock,
    games,
    provider: config.topics.openai
      ? openAiTopicProvider(config.topics.openai)
      : offlineTopicProvider(topicIndexOnce),
    index: topicIndexOnce,
    logger,
  });
  const enterprises = createEnterpriseService({
    db,
    clock,
    users,
    games,
    words: createEnterpriseWords({ db, index: topicIndexOnce }),
  });
  const cookieSecret = await loadOrCreateSecret(db, 'cookies');
  return {
    access,
    users,
    auth,
    accounts,
    profiles,
    admin,
    socialLogin,
    mailer,
    cookieSecret,
    authenticate,
    tts,
    stt,
    games,
    results,
    matching,
    stats,
    calls,
    notifier,
    relations,
    invites,
    chat,
    moderation,
    social,
    socialDispatch,
    pronunciations,
    wordAdmin,
    wordOfTheDay,
    topics,
    enterprises,
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
