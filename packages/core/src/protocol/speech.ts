import { z } from 'zod';

// POST /v1/google/speech-to-text (§7): a recording of one word, checked on the server

/** the word the player was asked to say: letters, an apostrophe or a hyphen, at most 40 */
export const expectedWordSchema = z
  .string({ error: 'word is required: the word the recording should say.' })
  .trim()
  .toLowerCase()
  .min(1, 'word is required: the word the recording should say.')
  .max(40, 'word must be at most 40 characters.')
  .regex(/^[a-z'-]+$/, 'word must be letters only (an apostrophe or hyphen may appear).');

export const SPEECH_TO_TEXT_LANGUAGES = ['English'] as const;

/**
 * the text fields of the multipart form; the recording itself is the file field `wavfile`. the
 * server takes the word from the game (the caller must be its speaker), so the check cannot be
 * asked about any other word; `index` and `word`, when sent, must still be the game's current turn
 */
export const speechToTextFieldsSchema = z.object({
  gameId: z.uuid({ error: 'gameId is required: the id of the game whose word you are saying.' }),
  index: z.coerce
    .number({ error: 'index must be the number of the word in the game.' })
    .int('index must be the number of the word in the game.')
    .min(0, 'index must be the number of the word in the game.')
    .max(1000, 'index must be the number of the word in the game.')
    .optional(),
  word: expectedWordSchema.optional(),
  language: z
    .string({ error: 'language must be a language name, e.g. "English".' })
    .trim()
    .optional()
    .default('English')
    .transform((l, ctx) => {
      const known = SPEECH_TO_TEXT_LANGUAGES.find((k) => k.toLowerCase() === l.toLowerCase());
      if (known) return known;
      ctx.addIssue({
        code: 'custom',
        message: `Pronunciation checks are available in ${SPEECH_TO_TEXT_LANGUAGES.join(', ')} only, not "${l.slice(0, 40)}".`,
      });
      return z.NEVER;
    }),
});
export type SpeechToTextFields = z.input<typeof speechToTextFieldsSchema>;

export const SPEECH_TO_TEXT_MAX_BYTES = 1024 * 1024;
export const SPEECH_TO_TEXT_MAX_SECONDS = 10;

export const speechCheckSchema = z.object({
  /** what the recogniser heard; '' when nothing was recognised */
  heard: z.string(),
  /** true when the recording says the expected word (or a homophone of it) */
  match: z.boolean(),
  /** 0..1; at least 0.5 exactly when match is true */
  confidence: z.number().min(0).max(1),
  /** right: said well; wrong: another word; unsure: the recording was too unclear to tell (try again) */
  verdict: z.enum(['right', 'wrong', 'unsure']),
  provider: z.enum(['pocketsphinx', 'google']),
});
export type SpeechCheck = z.infer<typeof speechCheckSchema>;

export const speechCheckAnswerSchema = z.object({ data: speechCheckSchema });
export type SpeechCheckAnswer = z.infer<typeof speechCheckAnswerSchema>;
