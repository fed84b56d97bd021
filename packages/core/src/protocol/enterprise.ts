import { z } from 'zod';
import {
  DIFFICULTIES,
  type Difficulty,
  MAX_GAME_TIMER_SECONDS,
  MIN_GAME_TIMER_SECONDS,
} from '../constants.ts';
import { idSchema } from './game.ts';

// enterprises, their members and assigned topics (§1, §3 enterprise payload, §6, §7, §9)

/** an enterprise's or a topic's name: letters, digits and a little punctuation */
const nameSchema = (what: string) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .min(2, `${what} must be at least 2 characters.`)
    .max(60, `${what} must be at most 60 characters.`)
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} '&.,-]*$/u, `${what} may hold letters, digits, spaces and ' & . , -`);

/** POST /v1/admin/enterprises */
export const createEnterpriseSchema = z.strictObject({ name: nameSchema('The enterprise name') });

/** POST /v1/admin/enterprises/:id/members: the account by e-mail or username */
export const addEnterpriseMemberSchema = z.strictObject({
  user: z
    .string({ error: 'user must be an e-mail address or a username.' })
    .trim()
    .min(1, 'user must be an e-mail address or a username.')
    .max(254, 'user must be at most 254 characters.'),
});

export const MAX_ENTERPRISE_TOPIC_WORDS = 200;

/** POST /v1/admin/enterprises/:id/topics: every word is checked against the dictionary on save */
export const addEnterpriseTopicSchema = z.strictObject({
  name: nameSchema('The topic name'),
  words: z
    .array(
      z
        .string({ error: 'Each word must be text.' })
        .trim()
        .min(1, 'A word must not be empty.')
        .max(45, 'A word must be at most 45 characters.'),
      { error: 'words must be a list of words.' },
    )
    .min(1, 'A topic needs at least one word.')
    .max(MAX_ENTERPRISE_TOPIC_WORDS, `A topic holds at most ${MAX_ENTERPRISE_TOPIC_WORDS} words.`),
  difficulty: z
    .enum(DIFFICULTIES, { error: `difficulty must be one of ${DIFFICULTIES.join(', ')}.` })
    .optional(),
});
export type AddEnterpriseTopicInput = z.input<typeof addEnterpriseTopicSchema>;

/** the §9 default is spelt 'begginer'; it and the three real names are accepted */
const enterpriseDifficultySchema = z
  .enum(['begginer', ...DIFFICULTIES], {
    error: `difficulty must be one of ${DIFFICULTIES.join(', ')}.`,
  })
  .default('begginer')
  .transform((d): Difficulty => (d === 'begginer' ? 'beginner' : d));

/** POST /v1/enterprise/CreateEnterpriseGame (§3 enterprise payload; timer default: the user's gameTimer) */
export const createEnterpriseGameSchema = z.strictObject({
  enterPriseCategory: z
    .string({ error: 'enterPriseCategory must be the name of an enterprise topic.' })
    .trim()
    .min(1, 'enterPriseCategory must be the name of an enterprise topic.')
    .max(60, 'enterPriseCategory must be at most 60 characters.'),
  gametimer: z
    .union([z.string().regex(/^\d{1,4}$/), z.number().int()], {
      error: 'gametimer must be a whole number of seconds.',
    })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(MIN_GAME_TIMER_SECONDS, `gametimer must be at least ${MIN_GAME_TIMER_SECONDS} seconds.`)
        .max(MAX_GAME_TIMER_SECONDS, `gametimer must be at most ${MAX_GAME_TIMER_SECONDS} seconds.`),
    )
    .optional(),
  userId: idSchema,
  speakerId: z
    .union([idSchema, z.literal(''), z.null()], { error: 'speakerId must be a player id.' })
    .optional(),
  difficulty: enterpriseDifficultySchema,
  language: z.string().trim().min(1).max(40).default('English'),
});
export type CreateEnterpriseGameInput = z.input<typeof createEnterpriseGameSchema>;

/** POST /v1/enterprise/fetchAssignedEnterpriseTopics: no body, or an empty object */
export const fetchAssignedTopicsSchema = z.strictObject({});

export interface EnterpriseMemberView {
  _id: string;
  username: string;
  email: string | null;
}
export interface EnterpriseTopicView {
  _id: string;
  name: string;
  words: string[];
  difficulty: Difficulty | null;
}
export interface EnterpriseView {
  _id: string;
  name: string;
  members: EnterpriseMemberView[];
  topics: EnterpriseTopicView[];
}
export interface EnterpriseListAnswer {
  data: EnterpriseView[];
}
export interface EnterpriseAnswer {
  data: EnterpriseView;
}
export interface AssignedEnterpriseTopicsAnswer {
  uniqueTopics: string[];
}
