import { z } from 'zod';
import {
  DIFFICULTIES,
  GAME_DIFFICULTIES,
  GAME_TIMER_SECONDS,
  MAX_GAME_TIMER_SECONDS,
  MIN_GAME_TIMER_SECONDS,
  ROLES,
} from '../constants.ts';
import type { EndedReason } from '../game/types.ts';

// rest payloads and answers for games (§7), shared by server and web

export const idSchema = z.uuid({ error: 'Must be a valid id.' });

/** the spec sends the language as a name or as an object with a name */
const languageSchema = z
  .union([z.string().trim().min(1).max(40), z.object({ name: z.string().trim().min(1).max(40) })], {
    error: 'language must be a language name, e.g. "English".',
  })
  .transform((l) => (typeof l === 'string' ? l : l.name));

/** the spec sends the game timer as text ('90'); numbers are accepted too */
const gameTimerSchema = z
  .union([z.string().regex(/^\d{1,4}$/, 'gameTimer must be a whole number of seconds.'), z.number().int()], {
    error: 'gameTimer must be a whole number of seconds.',
  })
  .transform(Number)
  .pipe(
    z
      .number()
      .min(MIN_GAME_TIMER_SECONDS, `gameTimer must be at least ${MIN_GAME_TIMER_SECONDS} seconds.`)
      .max(MAX_GAME_TIMER_SECONDS, `gameTimer must be at most ${MAX_GAME_TIMER_SECONDS} seconds.`),
  );

const userRefSchema = z
  .union([idSchema, z.object({ _id: idSchema })])
  .transform((s) => (typeof s === 'string' ? s : s._id));

const settingsShape = {
  language: languageSchema,
  difficulty: z.enum(DIFFICULTIES, { error: `difficulty must be one of ${DIFFICULTIES.join(', ')}.` }),
  category: z
    .string({ error: 'category is required, e.g. "category_animals".' })
    .max(64, 'category is too long.'),
  gameTimer: gameTimerSchema.default(GAME_TIMER_SECONDS),
};

export const createSoloGameSchema = z.strictObject({
  ...settingsShape,
  // solo may also adapt to the player (issue 17)
  difficulty: z.enum(GAME_DIFFICULTIES, {
    error: `difficulty must be one of ${GAME_DIFFICULTIES.join(', ')}.`,
  }),
  solo: z.literal(true, { error: 'solo must be true for a solo game.' }),
  speller: userRefSchema,
});
export type CreateSoloGameInput = z.input<typeof createSoloGameSchema>;

/** POST /v1/game without solo: true */
export const createPartneredGameSchema = z.strictObject({
  ...settingsShape,
  solo: z.literal(false, { error: 'solo must be true or false.' }).optional(),
  speaker: userRefSchema,
  speller: userRefSchema,
});
export type CreatePartneredGameInput = z.input<typeof createPartneredGameSchema>;

export const matchingSchema = z.strictObject({
  ...settingsShape,
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}.` }),
});
export type MatchingInput = z.input<typeof matchingSchema>;

export const deleteUnfinishedGameSchema = z.strictObject({
  _id: idSchema,
  /** sent when the page is hidden (closed or reloaded): delete unless the player is back soon */
  deferred: z.boolean({ error: 'deferred must be true or false.' }).optional(),
});

export interface HomonymView {
  word: string;
}

export interface WordView {
  word: string;
  homonyms: HomonymView[];
  category: string;
  ipa: string | null;
  definition: string | null;
}

/** a word entry as a player sees it; `word` is null until the word has been guessed */
export interface WordEntryView {
  word: WordView | null;
  guess: string | null;
  used: boolean;
  correct: boolean | null;
}

export interface CurrentWordView {
  index: number;
  hasHomonyms: boolean;
  /** the word itself, its ipa and syllable count: for the speaker only, never for the speller */
  word?: string;
  ipa?: string | null;
  syllables?: number | null;
  /** opaque url that speaks the current word: solo only, good for this turn only */
  audio: string | null;
}

export interface GameView {
  _id: string;
  language: { name: string };
  difficulty: string;
  category: string;
  /** seconds, as text (§9) */
  gameTimer: string;
  solo: boolean;
  speaker: { _id: string } | null;
  speller: { _id: string };
  status: 'created' | 'started' | 'finished';
  finished: boolean;
  words: WordEntryView[];
  currentIndex: number;
  current: CurrentWordView | null;
  startsAt: number | null;
  endsAt: number | null;
  finishedAt: number | null;
  endedReason: EndedReason | null;
  results?: WordEntryView[];
  version: number;
  serverNow: number;
}

/**
 * what `update-game` carries after a guess (issue 16): the turn's result and the next turn, not the
 * whole game. full views still come on the handshake (join, resync), at the start and at the end.
 * built from the player's own view (core's game/game-delta.ts), so it holds nothing that view does
 * not: the speller's `current` never has the word.
 */
export interface GameDelta {
  _id: string;
  /** tells a delta from a full view on the same event */
  delta: true;
  /** the version this delta applies to; a client at another version resyncs */
  from: number;
  version: number;
  /** the word just answered, as this player now sees it (revealed) */
  answered: { index: number; entry: WordEntryView };
  currentIndex: number;
  /** the next turn as this player sees it */
  current: CurrentWordView | null;
  serverNow: number;
}

/** an `update-game` payload: a full view or a delta */
export type GameUpdate = GameView | GameDelta;

export interface LanguageOption {
  name: string;
  enabled: boolean;
}

export const historyQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number.' }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be a number.' }).int().min(1).max(100).default(20),
});

export interface HistoryItem {
  _id: string;
  solo: boolean;
  language: string;
  category: string;
  difficulty: string;
  role: 'speaker' | 'speller';
  partner: { _id: string; username: string } | null;
  correct: number;
  played: number;
  finishedAt: number;
  endedReason: EndedReason | null;
}

export const userGameCountSchema = z.strictObject({ id: idSchema });
export const inGameCheckSchema = z.strictObject({
  userId: idSchema,
  inGame: z.boolean({ error: 'inGame must be true or false.' }),
});
