import { z } from 'zod';
import { DIFFICULTIES } from '../constants.ts';

// words, topics and language services (§3, §6, §7), shared by server and web

/** a word as an admin types it: letters, with inner hyphens or apostrophes */
export const wordTextSchema = z
  .string({ error: 'word is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'word must not be empty.')
  .max(40, 'word must be at most 40 characters.')
  .regex(/^[a-z]+(?:['-][a-z]+)*$/, 'word must be letters only (a hyphen or apostrophe may join two parts).');

const languageNameSchema = z
  .string({ error: 'language is required, e.g. "English".' })
  .trim()
  .min(1, 'language must not be empty.')
  .max(40, 'language is too long.');

/** POST /v1/add-word; category and difficulty are optional extras (the spec sends {language, word}) */
export const addWordSchema = z.strictObject({
  language: languageNameSchema,
  word: wordTextSchema,
  category: z
    .string({ error: 'category must be a category name, e.g. "animals".' })
    .trim()
    .regex(/^[a-z]{2,30}$/, 'category must be a category name, e.g. "animals".')
    .optional(),
  difficulty: z
    .enum(DIFFICULTIES, { error: `difficulty must be one of ${DIFFICULTIES.join(', ')}.` })
    .optional(),
  definition: z
    .string({ error: 'definition must be text.' })
    .trim()
    .max(300, 'definition is too long.')
    .optional(),
});
export type AddWordInput = z.input<typeof addWordSchema>;

/** POST /v1/remove-word */
export const removeWordSchema = z.strictObject({ language: languageNameSchema, word: wordTextSchema });

/** POST /v1/add-homonym, /v1/remove-homonym */
export const homonymPairSchema = z
  .strictObject({ word1: wordTextSchema, word2: wordTextSchema })
  .refine((p) => p.word1 !== p.word2, { message: 'word1 and word2 must be two different words.' });

export interface WordChangeAnswer {
  ok: true;
  /** how many word-bank rows the change touched */
  changed: number;
}

export interface WordAuditEntry {
  id: number;
  action: 'add-word' | 'remove-word' | 'add-homonym' | 'remove-homonym';
  language: string | null;
  word: string;
  other: string | null;
  adminId: string | null;
  createdAt: number;
}

/** POST /v1/ai/word-of-the-day; the date is the player's local calendar day */
export const wordOfTheDaySchema = z.strictObject({
  date: z.iso.date({ error: 'date must be a calendar date, e.g. "2026-11-22".' }),
});

export interface WordOfTheDay {
  word: string;
  phonetic: string;
  syllable: string;
  definition: string;
  referenceSentence: string;
}

/** GET /v1/words/pronunciation?word= */
export const pronunciationQuerySchema = z.strictObject({ word: wordTextSchema });

export interface PronunciationAnswer {
  word: string;
  /** broad American IPA, or null when SaySpell has no pronunciation for the word */
  ipa: string | null;
}
