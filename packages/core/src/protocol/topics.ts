import { z } from 'zod';
import { GAME_TIMER_SECONDS, MAX_GAME_TIMER_SECONDS, MIN_GAME_TIMER_SECONDS } from '../constants.ts';
import { idSchema } from './game.ts';

// custom (AI) topics and trending topics (§1, §3, §7, §9)

/** the fewest words a custom topic must yield for a game */
export const MIN_TOPIC_WORDS = 10;

/** '0' beginner (the default), '1' intermediate, '2' advanced; the names are accepted too */
const topicDifficultySchema = z
  .union(
    [
      z.enum(['0', '1', '2']),
      z.enum(['beginner', 'intermediate', 'advanced']),
      z.literal(0),
      z.literal(1),
      z.literal(2),
    ],
    {
      error: 'difficulty must be 0, 1 or 2 (or beginner, intermediate, advanced).',
    },
  )
  .default('0')
  .transform((d) =>
    d === '0' || d === 0 || d === 'beginner'
      ? 'beginner'
      : d === '1' || d === 1 || d === 'intermediate'
        ? 'intermediate'
        : 'advanced',
  );

const timerSchema = z
  .union([z.string().regex(/^\d{1,4}$/), z.number().int()], {
    error: 'gametimer must be a whole number of seconds.',
  })
  .default(String(GAME_TIMER_SECONDS))
  .transform(Number)
  .pipe(
    z
      .number()
      .min(MIN_GAME_TIMER_SECONDS, `gametimer must be at least ${MIN_GAME_TIMER_SECONDS} seconds.`)
      .max(MAX_GAME_TIMER_SECONDS, `gametimer must be at most ${MAX_GAME_TIMER_SECONDS} seconds.`),
  );

/** a topic as a player types it */
export const topicTextSchema = z
  .string({ error: 'category must be the topic, e.g. "ocean animals".' })
  .trim()
  .min(2, 'The topic must be at least 2 characters.')
  .max(60, 'The topic must be at most 60 characters.')
  .regex(/^[\p{L}][\p{L} '-]*$/u, 'The topic must be words: letters, spaces, hyphens.');

/** POST /v1/ai/CreateCustomGame (§3 custom game payload; §9 defaults difficulty '0', timer '90') */
export const createCustomGameSchema = z.strictObject({
  /** how many words (a number), or the player's own words, checked like generated ones */
  words: z
    .union([z.number().int().min(1).max(50), z.array(z.string().max(40)).max(50)], {
      error: 'words must be a number of words or a list of words.',
    })
    .optional(),
  category: topicTextSchema,
  gametimer: timerSchema,
  userId: idSchema,
  speaker: z.union([idSchema, z.literal(''), z.null()], { error: 'speaker must be a player id.' }).optional(),
  difficulty: topicDifficultySchema,
  clientIp: z.string().max(64).optional(),
  language: z.string().trim().min(1).max(40).default('English'),
});
export type CreateCustomGameInput = z.input<typeof createCustomGameSchema>;

export interface TrendingTopic {
  categoryName: string;
}
export interface TrendingTopicsAnswer {
  sortedCustomResults: TrendingTopic[];
}
