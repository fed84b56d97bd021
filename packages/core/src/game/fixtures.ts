import type { GameState, WordSlot } from './types.ts';

// small game states for tests

export function slot(word: string, homonyms: string[] = []): WordSlot {
  return {
    word,
    homonyms,
    category: 'animals',
    ipa: null,
    definition: null,
    guess: null,
    used: false,
    correct: null,
  };
}

export function soloGame(words: string[], overrides: Partial<GameState> = {}): GameState {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    solo: true,
    status: 'created',
    language: 'English',
    difficulty: 'beginner',
    category: 'category_animals',
    gameTimerSeconds: 90,
    speakerId: null,
    spellerId: 'speller',
    words: words.map((w) => slot(w)),
    currentIndex: 0,
    startsAt: null,
    endsAt: null,
    finishedAt: null,
    endedReason: null,
    version: 0,
    createdAt: 0,
    ...overrides,
  };
}
