import {
  CATEGORY_CUSTOM,
  CATEGORY_ENTERPRISE,
  CATEGORY_RANDOM,
  type Difficulty,
  GAME_TIMER_SECONDS,
  type Mode,
  PRODUCT,
  type Role,
} from '@sayspell/core/constants';
import type { CreateSoloGameInput } from '@sayspell/core/protocol/game';

// the game-setup choices (§2, §5) and the solo payload they make (§7)

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
