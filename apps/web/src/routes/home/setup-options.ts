import {
  CATEGORY_CUSTOM,
  CATEGORY_ENTERPRISE,
  CATEGORY_RANDOM,
  DIFFICULTIES,
  type Difficulty,
  GAME_TIMER_SECONDS,
  type Mode,
  PRODUCT,
  ROLES,
  type Role,
} from '@sayspell/core/constants';
import type { CreateSoloGameInput } from '@sayspell/core/protocol/game';

// the game-setup choices (§2, §5) and the payloads they make (§7)

export const SOURCES = [
  { value: CATEGORY_CUSTOM, label: 'My Topics', available: false },
  { value: 'trending', label: 'Trending Topics', available: false },
  { value: 'product', label: `${PRODUCT} Topics`, available: true },
  { value: CATEGORY_ENTERPRISE, label: 'Enterprise Topics', available: false },
] as const;
export type Source = (typeof SOURCES)[number]['value'];

export interface SetupValues {
  difficulty: Difficulty;
  source: Source;
  category: string;
  language: string;
  mode: Mode;
  role: Role;
}

export const defaultSetup: SetupValues = {
  difficulty: 'beginner',
  source: 'product',
  category: CATEGORY_RANDOM,
  language: '',
  mode: 'solo',
  role: 'speller',
};

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
    difficulty: values.difficulty,
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
