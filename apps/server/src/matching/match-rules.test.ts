import { describe, expect, it } from 'vitest';
import { assignRoles, rolesFit, sharedCategory } from './match-rules.ts';

describe('match rules', () => {
  it.each([
    ['speaker', 'speller', true],
    ['speller', 'speaker', true],
    ['either', 'speaker', true],
    ['speller', 'either', true],
    ['either', 'either', true],
    ['speaker', 'speaker', false],
    ['speller', 'speller', false],
  ] as const)('%s with %s fits: %s', (a, b, fit) => expect(rolesFit(a, b)).toBe(fit));

  it('agrees on a category, with random agreeing to anything', () => {
    expect(sharedCategory('category_law', 'category_law')).toBe('category_law');
    expect(sharedCategory('category_random', 'category_law')).toBe('category_law');
    expect(sharedCategory('category_law', 'category_random')).toBe('category_law');
    expect(sharedCategory('category_law', 'category_animals')).toBeNull();
  });

  it('keeps fixed roles and tosses a fair coin for two eithers', () => {
    const a = { userId: 'a', role: 'either' as const };
    const b = { userId: 'b', role: 'either' as const };
    expect(assignRoles({ userId: 'a', role: 'speller' }, { userId: 'b', role: 'either' }, () => 0)).toEqual({
      speaker: 'b',
      speller: 'a',
    });
    expect(assignRoles({ userId: 'a', role: 'either' }, { userId: 'b', role: 'speller' }, () => 0.9)).toEqual(
      {
        speaker: 'a',
        speller: 'b',
      },
    );
    expect(assignRoles(a, b, () => 0.49).speaker).toBe('a');
    expect(assignRoles(a, b, () => 0.5).speaker).toBe('b');
    // a seeded run of 1,000 tosses lands near 50/50
    let seed = 42;
    const lcg = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const firsts = Array.from({ length: 1000 }, () => assignRoles(a, b, lcg).speaker === 'a').filter(
      Boolean,
    ).length;
    expect(firsts).toBeGreaterThan(450);
    expect(firsts).toBeLessThan(550);
  });
});
