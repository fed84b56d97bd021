import { z } from 'zod';
import type { DIFFICULTIES } from '../constants.ts';

// the learning loop's reads and asks (issue 17): due words, progress, 'practise these again' and
// what a spelling bee lets a speller ask about the word

const languageName = z
  .string({ error: 'language must be a language name, e.g. "English".' })
  .trim()
  .min(1, 'language must not be empty.')
  .max(64, 'language is too long.');

/** GET /v1/learning/due, /v1/learning/words, /v1/learning/progress */
export const learningQuery = z.strictObject({ language: languageName.optional() });

/** GET /v1/learning/due */
export interface DueWords {
  due: number;
  /** the player's spelling rating (elo scale, 1500 to start) */
  rating: number;
  /** days in a row played, today or yesterday included (utc days) */
  streak: number;
}

/** one utc day of play */
export interface ProgressDay {
  /** yyyy-mm-dd */
  day: string;
  guesses: number;
  right: number;
  /** words met for the first time that day */
  newWords: number;
}

/** GET /v1/learning/progress: what the progress page draws */
export interface LearningProgress {
  streak: number;
  due: number;
  rating: number;
  /** words met at all */
  met: number;
  /** words the player knows: spelled right and not waiting for practice, or in leitner box 3 or above */
  mastered: number;
  /** the last 60 days played, oldest first */
  days: ProgressDay[];
  /** words waiting for practice per leitner box (0: missed last time … 5), and words known without practice */
  boxes: { box: number; words: number }[];
  known: number;
  /** right answers by the bank difficulty of the word */
  byDifficulty: { difficulty: (typeof DIFFICULTIES)[number]; guesses: number; right: number }[];
}

const gameId = z.uuid({ error: 'gameId must be a game id.' });

/** POST /v1/learning/practise-again: the missed words of this game come back first in 'Practice my words' */
export const practiseAgainSchema = z.strictObject({ gameId });
export interface PractiseAgain {
  /** how many words were missed in that game and are now due */
  due: number;
}

/** what a speller may ask about the current word, as a spelling bee allows; sentence and slower
 * are answered as the game voice's audio, never as text. origin is a language name only */
export const ASK_KINDS = ['definition', 'partOfSpeech', 'origin', 'sentence', 'slower'] as const;
export type AskKind = (typeof ASK_KINDS)[number];

/** POST /v1/learning/ask */
export const askSchema = z.strictObject({
  gameId,
  /** the word index asked about: an ask for a turn that moved on is refused */
  index: z
    .number({ error: 'index must be the current word index.' })
    .int('index must be a whole number.')
    .min(0, 'index must be 0 or more.')
    .max(99, 'index is too large.'),
  kind: z.enum(ASK_KINDS, { error: `kind must be one of ${ASK_KINDS.join(', ')}.` }),
});
export type AskInput = z.input<typeof askSchema>;

/** a text answer (definition, part of speech, origin); spoken asks answer with audio/wav */
export interface AskAnswer {
  kind: AskKind;
  text: string;
}

/** asks per word turn, per kind: enough to hear it again, not enough to mine the voice */
export const ASKS_PER_TURN: Record<AskKind, number> = {
  definition: 1,
  partOfSpeech: 1,
  origin: 1,
  sentence: 2,
  slower: 2,
};

/**
 * GET /v1/learning/speaker-notes?gameId=…&index=…: in a partnered game the speller asks aloud and
 * the speaker reads the answer out, as a spelling bee's pronouncer does. only the game's speaker,
 * only for the word being played (the speaker sees that word anyway)
 */
export const speakerNotesQuery = z.strictObject({
  gameId,
  index: z
    .string({ error: 'index must be the current word index.' })
    .regex(/^\d{1,2}$/, 'index must be the current word index, a whole number from 0 to 99.')
    .transform(Number),
});

export interface SpeakerNotes {
  index: number;
  /** "noun", "verb", …; null when not known */
  partOfSpeech: string | null;
  /** the language of origin ("Latin"), never the etymon; null when not known */
  origin: string | null;
  /** the dictionary's definition, as is: the speaker reads it out */
  definition: string | null;
  /** the word in a sentence, to read out; null when the bank has none */
  sentence: string | null;
}
