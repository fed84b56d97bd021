import path from 'node:path';
import { channels } from '@sayspell/core/protocol/channels';
import type { Logger } from 'pino';
import { createAccessTokens } from './auth/access-tokens.ts';
import { createAccountRepository } from './auth/account-repository.ts';
import { createAccountService } from './auth/account-service.ts';
import { createAdminService } from './auth/admin-service.ts';
import { createAuthService } from './auth/auth-service.ts';
import { createEmailTokens } from './auth/email-tokens.ts';
import { createGuestClaims } from './auth/guest-claims.ts';
import { createProfileService } from './auth/profile-service.ts';
import { createRecoveryService } from './auth/recovery-service.ts';
import { createRefreshTokens } from './auth/refresh-tokens.ts';
import { createSessionGuard } from './auth/session-guard.ts';
import { socialProviders } from './auth/social/oauth-providers.ts';
import { createThrottle } from './auth/throttle.ts';
import { createUsers } from './auth/users.ts';
import { createVoiceRepository } from './auth/voice-repository.ts';
import { createVoiceSettings } from './auth/voice-settings.ts';
import { createCallService } from './calls/call-service.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { loadOrCreateSecret } from './db/secrets.ts';
import { createEnterpriseRepository } from './enterprise/enterprise-repository.ts';
import { createEnterpriseService } from './enterprise/enterprise-service.ts';
import { createEnterpriseWords } from './enterprise/enterprise-words.ts';
import { createAudioLinks, preparingAudio } from './games/audio-links.ts';
import { createGameRepository } from './games/game-repository.ts';
import { type Clock, createGameService, type GameService } from './games/game-service.ts';
import { createDeadlineScheduler } from './games/lifecycle/deadline-scheduler.ts';
import { createGameLifecycle, finishing } from './games/lifecycle/game-lifecycle.ts';
import { gameOwnerFor } from './games/owner/game-owner.ts';
import { copyJournalEvents } from './games/owner/game-store.ts';
import { openGuessJournal } from './games/owner/guess-journal.ts';
import { createResultsService } from './games/results-service.ts';
import { createWordPicker } from './games/word-picker.ts';
import { createAuthenticate } from './http/authenticate.ts';
import type { LearningWriter } from './learning/learning-batch.ts';
import { createLearningRepository } from './learning/learning-repository.ts';
import { createLearningService } from './learning/learning-service.ts';
import { createMatchQueue } from './matching/match-queue.ts';
import { createMatchingService } from './matching/matching-service.ts';
import { createMailer } from './providers/mail/mailer.ts';
import { createStt } from './providers/stt/create-stt.ts';
import { createTts } from './providers/tts/create-tts.ts';
import { createSocketBroadcaster } from './realtime/broadcaster.ts';
import type { AppServer } from './realtime/socket-server.ts';
import { createChatRepository } from './social/chat-repository.ts';
import { createChatService } from './social/chat-service.ts';
import { createInviteRepository } from './social/invite-repository.ts';
import { createInviteService } from './social/invite-service.ts';
import { createInviteSettingsCheck } from './social/invite-settings-check.ts';
import { createModerationRepository } from './social/moderation-repository.ts';
import { createModerationService } from './social/moderation-service.ts';
import { createPeopleRepository } from './social/people-repository.ts';
import { createRelations } from './social/relations.ts';
import { createSocialDispatch } from './social/social-dispatch.ts';
import { createSocialService } from './social/social-service.ts';
import { createStatsRepository } from './stats/stats-repository.ts';
import { type LoadedTopicIndex, readTopicIndex } from './topics/topic-index.ts';
import { createTopicPlayRepository } from './topics/topic-play-repository.ts';
import { offlineTopicProvider, openAiTopicProvider } from './topics/topic-providers.ts';
import { createTopicService } from './topics/topic-service.ts';
import { createLanguageRepository } from './words/language-repository.ts';
import { createPronunciations } from './words/pronunciations.ts';
import { createWordAdminService } from './words/word-admin-service.ts';
import { createWordOfTheDay } from './words/word-of-the-day.ts';
import { createWordRepository } from './words/word-repository.ts';

// the domain services, wired to the database, the clock and (lazily) the socket server

export async function createServices(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
  getIo: () => AppServer | undefined;
  /** the address players open the site at (PUBLIC_URL, else the listening address) */
  publicUrl: () => string;
  /** the embedded database's thread writes the learning loop's batches (db/database.ts) */
  writeLearning?: LearningWriter;
}) {
  const { db, config, clock, logger } = deps;
  const socketsOf = async (room: string) => (await deps.getIo()?.in(room).fetchSockets()) ?? [];
  const secret = config.jwtSecret ?? (await loadOrCreateSecret(db, 'jwt'));
  const access = createAccessTokens(secret, config.accessTokenTtl);
  // role, removal and ended sessions take effect on the next request and on open sockets
  const refresh = createRefreshTokens(db, config.refreshTokenTtl, (id) => sessions.changed(id));
  const sessions = createSessionGuard({ db, revokedAmong: (ids) => refresh.revokedAmong(ids) });
  const users = createUsers(db, (id) => sessions.changed(id));
  const auth = createAuthService({ users, access, refresh, onSignIn: (id) => sessions.forget(id) });
  const authenticate = createAuthenticate(access, sessions);
  const mailer = createMailer({ ...config.mail, logger });
  const emailTokens = createEmailTokens(db, clock, config.emailTokenTtl);
  const authThrottle = createThrottle(db, clock, config.throttle.windowMs);
  const accounts = createAccountService({
    repo: createAccountRepository(db),
    users,
    auth,
    emailTokens,
    guestClaims: createGuestClaims(secret),
    mailer,
    throttle: authThrottle,
    clock,
    logger,
    adminEmails: config.adminEmails,
    limits: config.throttle,
    publicUrl: deps.publicUrl,
  });
  // forgot password and change of e-mail (issue 15 item 6)
  const recovery = createRecoveryService({
    users,
    auth,
    emailTokens,
    mailer,
    throttle: authThrottle,
    clock,
    logger,
    adminEmails: config.adminEmails,
    limits: { perIp: config.throttle.loginMaxFailuresPerIp },
    publicUrl: deps.publicUrl,
  });
  const profiles = createProfileService({
    repo: createAccountRepository(db),
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
    publicPerMinute: config.ttsUserPerMinute,
    publicMaxPending: config.ttsPublicMaxPending,
    google: config.googleTts,
    logger,
    // the speller's voice and speed for a game's words (issue 15 item 9)
    gameVoice: (gameId) => voiceSettings.forGame(gameId),
  });
  const voiceSettings = createVoiceSettings({
    users,
    repo: createVoiceRepository(db),
    voices: (language) => tts.voices(language),
  });
  // the first word of the first game should not wait for the engine to load
  tts.warmUp().catch((err) => logger.warn({ err }, 'speech warm-up failed'));

  // started on the first check: the pocketsphinx worker holds ~350 MB once loaded
  const stt = createStt({ ...config.stt, logger });

  const audioLinks = createAudioLinks(await loadOrCreateSecret(db, 'audio-links'));
  // every deadline of this instance, games' and invites' (games/lifecycle/)
  const scheduler = createDeadlineScheduler({
    clock,
    onError: (err, key) => logger.warn({ err, key }, 'deadline failed'),
  });
  const playersOnline = async (gameId: string) =>
    new Set((await socketsOf(channels.game(gameId))).map((s) => s.data.user.userId));
  const languages = createLanguageRepository(db);
  const wordBank = createWordRepository(db);
  const learning = createLearningService({
    repo: createLearningRepository(db),
    clock,
    onError: (err) => logger.warn({ err }, 'learning update failed'),
    write: deps.writeLearning,
  });
  const gameRepo = createGameRepository(db);
  // the one embedded instance journals its guesses (games/owner/guess-journal.ts); instances that
  // share PostgreSQL append them there
  const journal = config.databaseUrl
    ? undefined
    : await openGuessJournal({
        dir: path.join(config.dataDir, 'game-journal'),
        copy: (entries) => copyJournalEvents(db, entries),
        onError: (err) => logger.warn({ err }, 'game journal copy failed'),
      });
  const games: GameService = createGameService({
    repo: gameRepo,
    // live games are held in memory by the instance that owns them (games/owner/)
    owner: gameOwnerFor({
      db,
      readSnapshot: (id) => gameRepo.get(id),
      clustered: !!config.redisUrl,
      journal,
      onError: (err, what) => logger.warn({ err, what }, 'game owner'),
    }),
    pickWords: createWordPicker(db, { service: learning, clock }),
    audio: audioLinks,
    clock,
    // each turn's word audio is rendered as the turn starts (games/audio-links.ts)
    broadcaster: finishing(
      preparingAudio(
        createSocketBroadcaster(
          deps.getIo,
          {
            viewFor: (s, userId) => games.viewFor(s, userId),
            deltaFor: (s, userId, answered) => games.deltaFor(s, userId, answered),
          },
          clock,
        ),
        audioLinks,
        tts.game,
      ),
      // a finished game waits for nobody (the lifecycle is made below, with the invites)
      (gameId) => lifecycle.finished(gameId),
    ),
    presence: { playersOnline },
    scheduler,
    abandonGraceMs: config.disconnectGraceMs,
    isLanguageEnabled: (name) => languages.isEnabled(name),
    userExists: async (id) => (await users.find(id)) !== undefined,
    learning,
  });
  // a game a killed process finished by a journaled guess, before its snapshot was written, is
  // finished in the database before anyone lists it (game-owner.ts read)
  for (const id of journal?.recoveredGames ?? []) {
    await games.owner.read(id).catch((err) => logger.warn({ err, id }, 'recovered game'));
  }
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
    repo: createInviteRepository(db),
    users,
    relations,
    games,
    notifier,
    throttle: socialThrottle,
    clock,
    scheduler,
    // an invite whose game could not be made is refused when sent (topics is made below)
    checkSettings: createInviteSettingsCheck({
      games,
      isLanguageEnabled: (name) => languages.isEnabled(name),
      topicWords: (topic, q) => topics.wordsFor(topic, q),
      enterpriseTopics: (userId) => enterprises.assignedTopics(userId),
    }),
    // topics is made below; it is called only when an invite is accepted
    customGame: (callerId, input) => topics.createCustomGame(callerId, input),
    enterpriseGame: (callerId, input) => enterprises.createGame(callerId, input),
  });
  const lifecycle = createGameLifecycle({
    games,
    invites,
    scheduler,
    clock,
    playersOnline,
    networkGraceMs: config.networkGraceMs,
    closedGraceMs: config.disconnectGraceMs,
    log: (fields, message) => logger.info(fields, message),
    notify: {
      reconnecting: (gameId, userId, until) =>
        deps.getIo()?.to(channels.game(gameId)).emit('partner-reconnecting', { gameId, userId, until }),
      back: (gameId, userId) =>
        deps.getIo()?.to(channels.game(gameId)).emit('partner-back', { gameId, userId }),
      removed: (gameId, userId) =>
        deps
          .getIo()
          ?.to(channels.game(gameId))
          .emit('member-removed', { channel: channels.game(gameId), userId }),
    },
  });
  const chat = createChatService({
    repo: createChatRepository(db),
    users,
    relations,
    notifier,
    throttle: socialThrottle,
    clock,
  });
  const moderation = createModerationService({ repo: createModerationRepository(db), users, admin, clock });
  const social = createSocialService({
    users,
    relations,
    invites,
    notifier,
    stats,
    people: createPeopleRepository(db),
  });
  const socialDispatch = createSocialDispatch({ invites, chat, notifier, relations });
  const pronunciations = createPronunciations(db);
  const wordAdmin = createWordAdminService({ words: wordBank, languages, clock, pronunciations });
  const wordOfTheDay = createWordOfTheDay(db);
  // the topic index is read on the first custom game, not at start-up
  let topicIndex: LoadedTopicIndex | undefined;
  const topicIndexOnce = () => {
    topicIndex ??= readTopicIndex();
    return topicIndex;
  };
  const topics = createTopicService({
    plays: createTopicPlayRepository(db),
    clock,
    games,
    provider: config.topics.openai
      ? openAiTopicProvider(config.topics.openai)
      : offlineTopicProvider(topicIndexOnce),
    index: topicIndexOnce,
    logger,
  });
  const enterprises = createEnterpriseService({
    repo: createEnterpriseRepository(db),
    clock,
    users,
    games,
    words: createEnterpriseWords({ db, index: topicIndexOnce }),
  });
  const cookieSecret = await loadOrCreateSecret(db, 'cookies');
  return {
    languages,
    wordBank,
    learning,
    access,
    sessions,
    users,
    auth,
    accounts,
    recovery,
    voiceSettings,
    profiles,
    admin,
    socialLogin,
    mailer,
    cookieSecret,
    authenticate,
    tts,
    stt,
    games,
    lifecycle,
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
