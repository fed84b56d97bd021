import {
  CATEGORY_CUSTOM,
  CATEGORY_ENTERPRISE,
  CATEGORY_RANDOM,
  DIFFICULTIES,
  type Difficulty,
  GAME_TIMER_SECONDS,
  type GameDifficulty,
  type Mode,
  PRODUCT,
  ROLES,
  type Role,
} from '@sayspell/core/constants';
import type { UserSettings } from '@sayspell/core/protocol/account';
import type { CreateSoloGameInput } from '@sayspell/core/protocol/game';
import type { CreateCustomGameInput } from '@sayspell/core/protocol/topics';
import { categoryOptions } from '@sayspell/core/rules/options';
import type { CreateEnterpriseGameInput } from '../../api/topics.ts';

// the game-setup choices (§2, §5) and the payloads they make (§7)

export const SOURCES = [
  { value: CATEGORY_CUSTOM, label: 'My Topics' },
  { value: 'trending', label: 'Trending Topics' },
  { value: 'product', label: `${PRODUCT} Topics` },
  // offered only to players whose enterprise assigned topics (§6)
  { value: CATEGORY_ENTERPRISE, label: 'Enterprise Topics' },
  // the player's own words due today (issue 17): a solo game of category_practice
  { value: 'practice', label: 'Practice my words' },
] as const;
export type Source = (typeof SOURCES)[number]['value'];

/** the sources whose games are built from a topic rather than picked from the word bank */
export const isTopicSource = (source: Source) => source !== 'product' && source !== 'practice';

/** a difficulty the word bank's bands know: 'adaptive' (solo, our categories) stands for none */
export const bankDifficulty = (d: GameDifficulty): Difficulty => (d === 'adaptive' ? 'beginner' : d);

export interface SetupValues {
  /** 'adaptive' only for solo games from our categories */
  difficulty: GameDifficulty;
  source: Source;
  category: string;
  language: string;
  mode: Mode;
  role: Role;
  /** My Topics: what the player typed */
  topic: string;
  /** Trending Topics: the one picked from the list */
  trendingTopic: string;
  /** Enterprise Topics: the assigned topic picked */
  enterpriseCategory: string;
}

export const defaultSetup: SetupValues = {
  difficulty: 'beginner',
  source: 'product',
  category: CATEGORY_RANDOM,
  language: '',
  mode: 'solo',
  role: 'speller',
  topic: '',
  trendingTopic: '',
  enterpriseCategory: '',
};

/** the setup a player starts from: their saved settings (§3 Settings), where we still offer them */
export function setupFromSettings(settings: UserSettings | undefined): SetupValues {
  if (!settings) return defaultSetup;
  // saved settings carry no topic text (the settings schema has none): the source is remembered,
  // the player types the topic again
  const source: Source =
    settings.category === CATEGORY_CUSTOM
      ? CATEGORY_CUSTOM
      : settings.category === CATEGORY_ENTERPRISE
        ? CATEGORY_ENTERPRISE
        : 'product';
  const category = categoryOptions().some((c) => c.value === settings.category && !c.disabled)
    ? settings.category
    : CATEGORY_RANDOM;
  return {
    ...defaultSetup,
    source,
    difficulty: settings.difficulty,
    category,
    language: settings.language,
    mode: settings.mode,
    role: settings.role,
  };
}

export function soloGamePayload(values: SetupValues, spellerId: string): CreateSoloGameInput {
  return {
    language: values.language,
    difficulty: values.difficulty,
    category: values.category,
    gameTimer: String(GAME_TIMER_SECONDS),
    solo: true,
    speller: spellerId,
  };
}

/** the topic a topic source plays, or null for the word-bank categories */
export function chosenTopic(values: SetupValues): string | null {
  if (values.source === CATEGORY_CUSTOM) return values.topic.trim();
  if (values.source === 'trending') return values.trendingTopic;
  if (values.source === CATEGORY_ENTERPRISE) return values.enterpriseCategory;
  return null;
}

// the rule of core's topicTextSchema, by hand: zod (25 KB gzip) is not part of the home page's
// download for one field (issue 22). setup-options.test.ts holds the two to the same answers
const TOPIC_WORDS = /^[\p{L}][\p{L} '-]*$/u;

/** why a typed topic cannot be played (as the server's topicTextSchema checks it), or null */
export function topicError(topic: string): string | null {
  const text = topic.trim();
  // in characters (code points), as zod counts a string's length: an emoji is one
  const length = [...text].length;
  if (length < 2) return 'The topic must be at least 2 characters.';
  if (length > 60) return 'The topic must be at most 60 characters.';
  if (!TOPIC_WORDS.test(text)) return 'The topic must be words: letters, spaces, hyphens.';
  return null;
}

/** the difficulty as a custom game sends it: '0' beginner (the default, §9), '1', '2' */
const TOPIC_DIFFICULTY = { beginner: '0', intermediate: '1', advanced: '2' } as const;

/** §3 custom game payload; §9 timer '90'. solo: the player spells, no speaker */
export function customGamePayload(
  values: SetupValues,
  topic: string,
  spellerId: string,
): CreateCustomGameInput {
  return {
    category: topic,
    gametimer: String(GAME_TIMER_SECONDS),
    userId: spellerId,
    difficulty: TOPIC_DIFFICULTY[bankDifficulty(values.difficulty)],
    language: values.language,
  };
}

/** the enterprise difficulty names; beginner is spelt as the spec's default ('begginer', §9) */
const ENTERPRISE_DIFFICULTY = {
  beginner: 'begginer',
  intermediate: 'intermediate',
  advanced: 'advanced',
} as const;

/** §3 enterprise game payload; the timer is the player's own gameTimer (§9) */
export function enterpriseGamePayload(
  values: SetupValues,
  spellerId: string,
  gameTimer: string | undefined,
): CreateEnterpriseGameInput {
  return {
    enterPriseCategory: values.enterpriseCategory,
    gametimer: gameTimer || String(GAME_TIMER_SECONDS),
    userId: spellerId,
    difficulty: ENTERPRISE_DIFFICULTY[bankDifficulty(values.difficulty)],
  };
}

/** what a partnered player asks the match queue for; it travels to /matching in the url */
export interface MatchSettings {
  language: string;
  difficulty: Difficulty;
  category: string;
  role: Role;
}

export function matchSettings(values: SetupValues): MatchSettings {
  return {
    language: values.language,
    difficulty: bankDifficulty(values.difficulty),
    category: values.category,
    role: values.role,
  };
}

/** /matching?language=…&difficulty=…&category=…&role=… (survives a reload of the waiting page) */
export function matchingPath(settings: MatchSettings): string {
  return `/matching?${new URLSearchParams({ ...settings })}`;
}

/** the settings in a /matching url, or null when any is missing or not one we offer */
export function parseMatchSettings(params: URLSearchParams): MatchSettings | null {
  const language = params.get('language')?.trim() ?? '';
  const difficulty = params.get('difficulty') as Difficulty | null;
  const category = params.get('category') ?? '';
  const role = params.get('role') as Role | null;
  if (!language || !category.startsWith('category_')) return null;
  if (!difficulty || !DIFFICULTIES.includes(difficulty)) return null;
  if (!role || !ROLES.includes(role)) return null;
  return { language, difficulty, category, role };
}
