import type { WordSlot } from '@sayspell/core/game/types';
import type { Demographic, UserSettings } from '@sayspell/core/protocol/account';
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
  },
  // 'Ada' and 'ada' are the same username
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

/** single-use links mailed to a user (e-mail verification); only a hash of the token is kept */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email'] }).notNull(),
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
  ],
);

export const games = pgTable(
  'games',
  {
    id: uuid('id').primaryKey(),
    status: text('status', { enum: ['created', 'started', 'finished'] }).notNull(),
    solo: boolean('solo').notNull(),
    language: text('language').notNull(),
    difficulty: text('difficulty', { enum: ['beginner', 'intermediate', 'advanced'] }).notNull(),
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
    endedReason: text('ended_reason', { enum: ['words', 'time', 'partner-left'] }),
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
