import { describe, expect, it } from 'vitest';
import { assignDifficulties, CELL_CAP, ease } from './difficulty.ts';

const words = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ word: `w${String(i).padStart(4, '0')}`, zipf: 6 - i / 1000 }));

describe('assignDifficulties', () => {
  it('splits the words into thirds, most familiar first', () => {
    const assigned = assignDifficulties(words(9));
    expect(assigned.map((w) => w.difficulty)).toEqual([
      ...Array(3).fill('beginner'),
      ...Array(3).fill('intermediate'),
      ...Array(3).fill('advanced'),
    ]);
    expect(assigned[0]?.word).toBe('w0000');
  });

  it('keeps at most three cells of the most familiar words', () => {
    const assigned = assignDifficulties(words(1000));
    expect(assigned).toHaveLength(3 * CELL_CAP);
    expect(assigned.some((w) => w.word === 'w0999')).toBe(false);
  });

  it('makes a long word harder than a short one of the same frequency', () => {
    expect(ease({ word: 'refrigerator', zipf: 4 })).toBeLessThan(ease({ word: 'fridge', zipf: 4 }));
    const [first] = assignDifficulties([
      { word: 'refrigerator', zipf: 4 },
      { word: 'fridge', zipf: 4 },
    ]);
    expect(first?.word).toBe('fridge');
  });

  it('can rank familiarity by another measure', () => {
    const assigned = assignDifficulties(words(800), (w) => -w.zipf);
    expect(assigned.some((w) => w.word === 'w0799')).toBe(true);
  });
});
