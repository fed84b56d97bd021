import type { GameDifficulty } from '../constants.ts';
import type { GameState, WordSlot } from './types.ts';

// a new game, before anyone is online: pure (the id and the time are the caller's)

export interface NewGameSettings {
  language: string;
  difficulty: GameDifficulty;
  category: string;
  /** seconds */
  gameTimer: number;
}

export interface NewGamePlayers {
  speller: string;
  /** null: a solo game (the app's voice speaks) */
  speaker: string | null;
}

export function initialGameState(input: {
  id: string;
  now: number;
  settings: NewGameSettings;
  players: NewGamePlayers;
  words: WordSlot[];
}): GameState {
  const { settings, players } = input;
  return {
    id: input.id,
    status: 'created',
    solo: players.speaker === null,
    language: settings.language,
    difficulty: settings.difficulty,
    category: settings.category,
    gameTimerSeconds: settings.gameTimer,
    speakerId: players.speaker,
    spellerId: players.speller,
    words: input.words,
    currentIndex: 0,
    startsAt: null,
    endsAt: null,
    finishedAt: null,
    endedReason: null,
    version: 0,
    createdAt: input.now,
  };
}
