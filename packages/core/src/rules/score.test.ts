import { describe, expect, it } from 'vitest';
import { computeScore, isScoreShown, scoreColor } from './score.ts';

describe('scoreColor', () => {
  it.each([
    [0, 'bad'],
    [0.39, 'bad'],
    [0.4, 'meh'],
    [0.59, 'meh'],
    [0.6, 'good'],
    [1, 'good'],
  ])('%d → %s', (ratio, want) => expect(scoreColor(ratio)).toBe(want));
});

describe('computeScore', () => {
  it('counts only played words', () => {
    const s = computeScore([
      { used: true, correct: true },
      { used: true, correct: false },
      { used: false, correct: null },
    ]);
    expect(s).toEqual({ correct: 1, played: 2, ratio: 0.5 });
    expect(isScoreShown(s)).toBe(true);
  });

  it('shows no score when nothing was played', () => {
    const s = computeScore([{ used: false, correct: null }]);
    expect(isScoreShown(s)).toBe(false);
  });
});
