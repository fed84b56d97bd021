import { describe, expect, it } from 'vitest';
import { applyAction } from './engine.ts';
import { slot } from './fixtures.ts';
import { initialGameState } from './initial-state.ts';

const settings = {
  language: 'English',
  difficulty: 'beginner',
  category: 'category_animals',
  gameTimer: 90,
} as const;

describe('initialGameState', () => {
  it('makes a partnered game that has not started, at its first word', () => {
    const s = initialGameState({
      id: 'g1',
      now: 1000,
      settings,
      players: { speller: 'a', speaker: 'b' },
      words: [slot('cat'), slot('dog')],
    });
    expect(s).toMatchObject({
      id: 'g1',
      solo: false,
      status: 'created',
      spellerId: 'a',
      speakerId: 'b',
      gameTimerSeconds: 90,
      currentIndex: 0,
      startsAt: null,
      endsAt: null,
      version: 0,
      createdAt: 1000,
    });
    expect(s.words.map((w) => w.word)).toEqual(['cat', 'dog']);
  });

  it('is solo without a speaker, and the engine starts it with the settings timer', () => {
    const s = initialGameState({
      id: 'g2',
      now: 0,
      settings,
      players: { speller: 'a', speaker: null },
      words: [slot('cat')],
    });
    expect(s.solo).toBe(true);
    const started = applyAction(s, { type: 'start', now: 0 });
    expect(started.ok && started.state.endsAt! - started.state.startsAt!).toBe(90_000);
  });
});
