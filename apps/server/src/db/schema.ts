import type { WordSlot } from '@sayspell/core/game/types';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// one schema for PGlite and PostgreSQL; keep the sql portable (PGlite is pg 18, servers may be 15)

export const users = pgTable('users', {
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
