import type { GameDifficulty } from '../constants.ts';

// the authoritative game state, as the server keeps it; clients only ever see a view of it

export type GameStatus = 'created' | 'started' | 'finished';

/** why a game ended: its words ran out, its timer ran out, or a player left it */
export const ENDED_REASONS = ['words', 'time', 'partner-left'] as const;
export type EndedReason = (typeof ENDED_REASONS)[number];

export interface WordSlot {
  word: string;
  homonyms: string[];
  category: string;
  ipa: string | null;
  syllables?: number | null;
  definition: string | null;
  guess: string | null;
  used: boolean;
  correct: boolean | null;
}

export interface GameState {
  id: string;
  solo: boolean;
  status: GameStatus;
  language: string;
  difficulty: GameDifficulty;
  category: string;
  gameTimerSeconds: number;
  speakerId: string | null;
  spellerId: string;
  words: WordSlot[];
  currentIndex: number;
  /** epoch ms; set when the game starts: the end of the countdown */
  startsAt: number | null;
  /** epoch ms; startsAt + the game timer */
  endsAt: number | null;
  finishedAt: number | null;
  endedReason: EndedReason | null;
  version: number;
  createdAt: number;
}

export const GAME_ERRORS = {
  GAME_NOT_FOUND: 'GAME_NOT_FOUND',
  NOT_A_PLAYER: 'NOT_A_PLAYER',
  NOT_THE_SPELLER: 'NOT_THE_SPELLER',
  NOT_STARTED: 'NOT_STARTED',
  COUNTDOWN: 'COUNTDOWN',
  FINISHED: 'FINISHED',
  WRONG_WORD: 'WRONG_WORD',
  EMPTY_GUESS: 'EMPTY_GUESS',
} as const;
export type GameErrorCode = (typeof GAME_ERRORS)[keyof typeof GAME_ERRORS];

export interface GameError {
  code: GameErrorCode;
  message: string;
}
