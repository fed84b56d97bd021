import { describe, expect, it } from 'vitest';
import { isCorrectGuess, normalizeGuess } from './guess.ts';

describe('normalizeGuess', () => {
  it.each([
    ['Cat', 'cat'],
    ['  c a t ', 'cat'],
    ["o'clock", 'oclock'],
    ['Ünïcode42!', 'ncode'],
    ['', ''],
  ])('%j → %j', (raw, want) => expect(normalizeGuess(raw)).toBe(want));
});

describe('isCorrectGuess', () => {
  it.each([
    ['bear', 'bear', [], true],
    ['BEAR', 'bear', [], true],
    ['bare', 'bear', ['bare'], true],
    ['Bare', 'bear', ['bare'], true],
    ['beer', 'bear', ['bare'], false],
    ['', 'bear', [], false],
    [' ', 'bear', [], false],
  ])('%j for %j (homonyms %j) → %j', (guess, word, homonyms, want) =>
    expect(isCorrectGuess(guess, word, homonyms)).toBe(want),
  );
});
