import type { GameView, WordEntryView } from '@sayspell/core/protocol/game';

// game views as the server sends them, for component tests

export const SPEAKER = '11111111-1111-4111-8111-111111111111';
export const SPELLER = '22222222-2222-4222-8222-222222222222';
export const GAME_ID = '33333333-3333-4333-8333-333333333333';

export const hidden = (): WordEntryView => ({ word: null, guess: null, used: false, correct: null });

export const played = (
  word: string,
  guess: string,
  correct: boolean,
  homonyms: string[] = [],
): WordEntryView => ({
  word: {
    word,
    homonyms: homonyms.map((h) => ({ word: h })),
    category: 'animals',
    ipa: null,
    definition: null,
  },
  guess,
  used: true,
  correct,
});

/** a partnered game that started a second ago and runs for 90 s */
export function partneredGame(overrides: Partial<GameView> = {}): GameView {
  const now = Date.now();
  return {
    _id: GAME_ID,
    language: { name: 'English' },
    difficulty: 'beginner',
    category: 'category_animals',
    gameTimer: '90',
    solo: false,
    speaker: { _id: SPEAKER },
    speller: { _id: SPELLER },
    status: 'started',
    finished: false,
    words: Array.from({ length: 20 }, hidden),
    currentIndex: 0,
    current: { index: 0, hasHomonyms: false, audio: null },
    startsAt: now - 1000,
    endsAt: now + 89_000,
    finishedAt: null,
    endedReason: null,
    version: 2,
    serverNow: now,
    ...overrides,
  };
}
