import { describe, expect, it } from 'vitest';
import { assignDifficulties, CELL_CAP, ease } from './difficulty.ts';

const words = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    word: `w${String(i).padStart(4, '0')}`,
    zipf: 6 - i / 1000,
    difficultyScore: i / 100,
  }));

const byScore = (w: { difficultyScore: number }) => w.difficultyScore;

describe('assignDifficulties', () => {
  it('splits the words into thirds, easiest to spell first', () => {
    const assigned = assignDifficulties(words(9), byScore);
    expect(assigned.map((w) => w.difficulty)).toEqual([
      ...Array(3).fill('beginner'),
      ...Array(3).fill('intermediate'),
      ...Array(3).fill('advanced'),
    ]);
    expect(assigned[0]?.word).toBe('w0000');
  });

  it('keeps at most three cells of the most familiar words', () => {
    const assigned = assignDifficulties(words(2000), byScore);
    expect(assigned).toHaveLength(3 * CELL_CAP);
    expect(assigned.some((w) => w.word === 'w1999')).toBe(false);
  });

  it('grades by the spelling score, not by frequency', () => {
    // "yacht" is as common as "yard" here, but its score (silent letters) makes it the harder one
    const [first, second] = assignDifficulties(
      [
        { word: 'yacht', zipf: 4, difficultyScore: 3.2 },
        { word: 'yard', zipf: 4, difficultyScore: 1.8 },
      ],
      byScore,
    );
    expect([first?.word, first?.difficulty, second?.difficulty]).toEqual([
      'yard',
      'beginner',
      'intermediate',
    ]);
  });

  it('can rank familiarity by another measure', () => {
    const assigned = assignDifficulties(words(2000), byScore, (w) => -w.zipf);
    expect(assigned.some((w) => w.word === 'w1999')).toBe(true);
  });
});

describe('ease (the custom-topic bands)', () => {
  it('makes a long word harder than a short one of the same frequency', () => {
    expect(ease({ word: 'refrigerator', zipf: 4 })).toBeLessThan(ease({ word: 'fridge', zipf: 4 }));
  });
});
