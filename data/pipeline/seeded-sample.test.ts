import { describe, expect, it } from 'vitest';
import { sample, seededRandom } from './seeded-sample.ts';

describe('seededRandom', () => {
  it('repeats itself for one seed and differs between seeds', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, seededRandom(seed));
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    for (const value of draw(7)) expect(value >= 0 && value < 1).toBe(true);
  });
});

describe('sample', () => {
  it('draws distinct items, no more than there are', () => {
    const items = ['a', 'b', 'c', 'd'];
    const picked = sample(items, 3, seededRandom(1));
    expect(new Set(picked).size).toBe(3);
    expect(sample(items, 10, seededRandom(1)).sort()).toEqual(items);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });
});
