import { ENDED_REASONS, type WordSlot } from '@sayspell/core/game/types';
import type { Demographic, UserSettings, VoiceSettings } from '@sayspell/core/protocol/account';
import type { InviteSettings } from '@sayspell/core/protocol/social';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// one schema for PGlite and PostgreSQL; keep the sql portable (PGlite is pg 18, servers may be 15)

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    username: text('username').notNull().unique(),
    name: text('name'),
    email: text('email').unique(),
    passwordHash: text('password_hash'),
    picture: text('picture'),
    role: text('role', { enum: ['guest', 'user', 'admin'] }).notNull(),
    hasConfirmedEula: boolean('has_confirmed_eula').notNull().default(false),
    gameTimer: integer('game_timer').notNull().default(90),
    /** started games this user left unfinished (the gift-card rule "finish every game") */
    unfinishedGames: integer('unfinished_games').notNull().default(0),
    /** set while the user is on a game screen (POST /v1/pusher/ingamecheck) */
    inGameSince: bigint('in_game_since', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** how the account signs in: guest, local (password) or a social provider */
    provider: text('provider', { enum: ['guest', 'local', 'google', 'facebook', 'apple'] })
      .notNull()
      .default('guest'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** an admin removed the account: it cannot sign in (the web shows /adminRemoved) */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** the owner deleted the account: personal data is gone, the row keeps games anonymous */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    settings: jsonb('settings').$type<UserSettings>(),
    demographic: jsonb('demographic').$type<Demographic>(),
    /** the app's voice and speed this player chose (null: the defaults) */
    voice: jsonb('voice').$type<VoiceSettings>(),
  },
  // 'Ada' and 'ada' are the same username
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

/** single-use links mailed to a user (verification, password reset, e-mail change); only a hash
 * of the token is kept */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email', 'reset-password', 'change-email'] }).notNull(),
    /** change-email: the address the link confirms */
    newEmail: text('new_email'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    usedAt: bigint('used_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

/** a social sign-in (provider + its subject id) belongs to one user */
export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider', { enum: ['google', 'facebook', 'apple'] }).notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('social_identities_user_idx').on(t.userId)],
);

/** failed sign-ins and registrations per key (an account or an address) in a fixed window */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  count: integer('count').notNull(),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

export const serverMeta = pgTable('server_meta', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

export const languages = pgTable('languages', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  position: integer('position').notNull().default(0),
});

export const words = pgTable(
  'words',
  {
    id: serial('id').primaryKey(),
    language: text('language').notNull(),
    word: text('word').notNull(),
    category: text('category').notNull(),
    difficulty: text('difficulty', { enum: ['beginner', 'intermediate', 'advanced'] }).notNull(),
    /** spelling difficulty from the word bank (data/pipeline/spelling-difficulty.ts), higher is harder;
     * null for words from other sources */
    difficultyScore: real('difficulty_score'),
    ipa: text('ipa'),
    syllables: integer('syllables'),
    definition: text('definition'),
    example: text('example'),
    homonyms: jsonb('homonyms').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** 'bank' for the curated word bank, which a new bank replaces; other sources are kept */
    source: text('source').notNull().default('bank'),
  },
  (t) => [
    uniqueIndex('words_language_category_word_idx').on(t.language, t.category, t.word),
    index('words_pick_idx').on(t.language, t.category, t.difficulty),
    // a spelling in any category (the learning loop's word scores): the index above starts with the
    // category, so such a read searched it once per category
    index('words_language_word_idx').on(t.language, t.word),
  ],
);

export const games = pgTable(
  'games',
  {
    id: uuid('id').primaryKey(),
    status: text('status', { enum: ['created', 'started', 'finished'] }).notNull(),
    solo: boolean('solo').notNull(),
    language: text('language').notNull(),
    difficulty: text('difficulty', {
      enum: ['beginner', 'intermediate', 'advanced', 'adaptive'],
    }).notNull(),
    category: text('category').notNull(),
    gameTimerSeconds: integer('game_timer_seconds').notNull(),
    speakerId: uuid('speaker_id').references(() => users.id, { onDelete: 'set null' }),
    spellerId: uuid('speller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    words: jsonb('words').$type<WordSlot[]>().notNull(),
    currentIndex: integer('current_index').notNull().default(0),
    startsAt: bigint('starts_at', { mode: 'number' }),
    endsAt: bigint('ends_at', { mode: 'number' }),
    finishedAt: bigint('finished_at', { mode: 'number' }),
    endedReason: text('ended_reason', { enum: ENDED_REASONS }),
    /** when both players were on the results screen: the results countdown starts then, once */
    resultsCountdownAt: bigint('results_countdown_at', { mode: 'number' }),
    /** players who asked to play again, and the game that answered them */
    rematchRequestedBy: jsonb('rematch_requested_by').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    rematchGameId: uuid('rematch_game_id'),
    /** the player closed the page: deleted unless they come back within the grace period */
    abandonedAt: bigint('abandoned_at', { mode: 'number' }),
    version: integer('version').notNull().default(0),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('games_deadline_idx').on(t.status, t.endsAt),
    index('games_speller_idx').on(t.spellerId),
    index('games_speaker_idx').on(t.speakerId),
    index('games_finished_idx').on(t.status, t.finishedAt),
  ],
);

/**
 * a started game's guesses, appended as they are played (games/owner/): the games row is the
 * snapshot (written on create, start and finish), these rows are what happened since. one guess per
 * word, so a second writer of the same turn is refused by the key
 */
export const gameEvents = pgTable(
  'game_events',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** the word's index in the game */
    idx: integer('idx').notNull(),
    guess: text('guess').notNull(),
    correct: boolean('correct').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.idx] })],
);

/**
 * which instance owns a game (holds it in memory and is the only one to write it): a lease that
 * its owner renews and that another instance may take once it expired. `epoch` grows at every
 * change of owner and is checked by every write (fencing), so an owner that lost its lease
 * cannot write any more
 */
export const gameLeases = pgTable(
  'game_leases',
  {
    gameId: uuid('game_id')
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    owner: text('owner').notNull(),
    epoch: integer('epoch').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('game_leases_owner_idx').on(t.owner)],
);

/** players waiting for a partner; a table, so every instance sees the same queue */
export const matchQueue = pgTable(
  'match_queue',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    difficulty: text('difficulty', { enum: ['beginner', 'intermediate', 'advanced'] }).notNull(),
    category: text('category').notNull(),
    role: text('role', { enum: ['speaker', 'speller', 'either'] }).notNull(),
    gameTimer: integer('game_timer').notNull(),
    enteredAt: bigint('entered_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('match_queue_pick_idx').on(t.language, t.difficulty, t.enteredAt)],
);

// social (issue 5): friends, blocks, invitations, chat and moderation

export const friends = pgTable(
  'friends',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: uuid('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);

/** blockerId blocked blockedId */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey(),
    fromId: uuid('from_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toId: uuid('to_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').$type<InviteSettings>().notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'cancelled', 'expired'] }).notNull(),
    /** why it ended: ingame, busy, timeout, accepted-other, blocked */
    reason: text('reason'),
    gameId: uuid('game_id'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    endedAt: bigint('ended_at', { mode: 'number' }),
  },
  (t) => [
    // one pending invite per pair, whoever sends it again
    uniqueIndex('invites_pending_pair_idx').on(t.fromId, t.toId).where(sql`${t.status} = 'pending'`),
    index('invites_to_idx').on(t.toId, t.status),
    index('invites_expiry_idx').on(t.status, t.expiresAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey(),
    fromId: uuid('from_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toId: uuid('to_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    readAt: bigint('read_at', { mode: 'number' }),
  },
  (t) => [
    index('chat_pair_idx').on(t.fromId, t.toId, t.createdAt),
    index('chat_unread_idx').on(t.toId, t.readAt),
  ],
);

/** reports of users and flags of content, for the moderators */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['user', 'content'] }).notNull(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedId: uuid('reported_id').references(() => users.id, { onDelete: 'cascade' }),
    content: text('content'),
    message: text('message'),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: bigint('resolved_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('reports_status_idx').on(t.status, t.createdAt)],
);

export const feedback = pgTable('feedback', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

// words, topics and language services (issue 7)

/** every change an admin made to the word data: who, what, when */
export const wordAudit = pgTable(
  'word_audit',
  {
    id: serial('id').primaryKey(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['add-word', 'remove-word', 'add-homonym', 'remove-homonym'] }).notNull(),
    language: text('language'),
    word: text('word').notNull(),
    other: text('other'),
    detail: text('detail'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('word_audit_created_idx').on(t.createdAt)],
);

/** one row per custom-topic game made: trending topics are counted from it */
export const topicPlays = pgTable(
  'topic_plays',
  {
    id: serial('id').primaryKey(),
    topic: text('topic').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    gameId: uuid('game_id'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('topic_plays_created_idx').on(t.createdAt)],
);

// enterprises (issue 7): organisations whose members see topics an admin assigned to them

export const enterprises = pgTable(
  'enterprises',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  // 'Acme' and 'acme' are the same enterprise
  (t) => [uniqueIndex('enterprises_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const enterpriseMembers = pgTable(
  'enterprise_members',
  {
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.userId] }),
    index('enterprise_members_user_idx').on(t.userId),
  ],
);

/** a named list of words, each checked against the dictionary when it was saved */
export const enterpriseTopics = pgTable(
  'enterprise_topics',
  {
    id: uuid('id').primaryKey(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    words: jsonb('words').$type<string[]>().notNull(),
    difficulty: text('difficulty', { enum: ['beginner', 'intermediate', 'advanced'] }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('enterprise_topics_name_idx').on(t.enterpriseId, sql`lower(${t.name})`)],
);

// the learning loop (issue 17): what each player met, when a word comes back, the ratings

/** one row per player and word met: counts, the leitner box and when the word is due again */
export const wordMemory = pgTable(
  'word_memory',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    word: text('word').notNull(),
    seen: integer('seen').notNull().default(0),
    right: integer('right').notNull().default(0),
    missed: integer('missed').notNull().default(0),
    lastSeenAt: bigint('last_seen_at', { mode: 'number' }).notNull(),
    /** leitner box 0..5; a miss sends the word back to 0 */
    box: integer('box').notNull().default(0),
    /** when the word is due for practice; null while it was never missed */
    dueAt: bigint('due_at', { mode: 'number' }),
    /** the last guess counted (game id and word index): a repeated request counts once */
    lastGuess: text('last_guess'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.language, t.word] }),
    index('word_memory_due_idx').on(t.userId, t.dueAt),
  ],
);

/** elo-style ratings: a player's spelling skill and a word's difficulty, on one scale */
export const learningRatings = pgTable(
  'learning_ratings',
  {
    /** 'player' or 'word' */
    kind: text('kind', { enum: ['player', 'word'] }).notNull(),
    /** the player's id, or language + ':' + word */
    key: text('key').notNull(),
    rating: real('rating').notNull(),
    games: integer('games').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/** one row per player and day played (utc): the streak and the progress page's daily figures */
export const learningDays = pgTable(
  'learning_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** yyyy-mm-dd, utc */
    day: text('day').notNull(),
    guesses: integer('guesses').notNull().default(0),
    right: integer('right').notNull().default(0),
    /** words met for the first time that day */
    newWords: integer('new_words').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
