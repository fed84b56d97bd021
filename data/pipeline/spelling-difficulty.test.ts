import { describe, expect, it } from 'vitest';
import { loadPronunciations } from './pronunciations.ts';
import { difficultyScore, type SpellingTraits, spellingTraits } from './spelling-difficulty.ts';

const cmu = loadPronunciations();
const traits = (word: string) => spellingTraits(word, cmu.primary(word)!);

describe('spellingTraits', () => {
  it('finds nothing hard in a short regular word', () => {
    expect(traits('cat')).toEqual({ irregular: 0, silent: 0, doubled: 0, schwa: 0, letters: 3 });
    expect(traits('block')).toMatchObject({ irregular: 0, silent: 0, doubled: 0, schwa: 0 });
  });

  it('counts sounds spelled an unusual way', () => {
    expect(traits('phone').irregular).toBe(1); // ph
    expect(traits('though').irregular).toBe(1); // ough
    expect(traits('knight').irregular).toBeGreaterThanOrEqual(1); // kn
    expect(traits('colonel').irregular).toBeGreaterThanOrEqual(3); // no spelling of the r sound
  });

  it('counts silent letters, but not a final magic e', () => {
    expect(traits('yacht').silent).toBe(2);
    expect(traits('cake').silent).toBe(0);
  });

  it('counts doubled consonants and schwa vowels', () => {
    expect(traits('accommodate')).toMatchObject({ doubled: 2, schwa: 2 });
    expect(traits('mississippi').doubled).toBe(3);
    expect(traits('separate').schwa).toBe(1);
  });

  it('reads the x, qu and u that spell two sounds as usual spellings', () => {
    for (const word of ['box', 'queen', 'cute']) expect(traits(word).irregular, word).toBe(0);
  });
});

describe('difficultyScore', () => {
  const plain: SpellingTraits = { irregular: 0, silent: 0, doubled: 0, schwa: 0, letters: 4 };

  it('is 0 for a short common regular word and grows with each trait and with rarity', () => {
    expect(difficultyScore(plain, 6)).toBe(0);
    for (const trait of ['irregular', 'silent', 'doubled', 'schwa'] as const)
      expect(difficultyScore({ ...plain, [trait]: 1 }, 6), trait).toBeGreaterThan(0);
    expect(difficultyScore({ ...plain, letters: 9 }, 6)).toBeGreaterThan(0);
    expect(difficultyScore(plain, 3)).toBeGreaterThan(difficultyScore(plain, 5));
  });

  it('ranks words a speller finds hard above easy ones of the same frequency', () => {
    const score = (word: string) => difficultyScore(traits(word), 4);
    expect(score('necessary')).toBeGreaterThan(score('window'));
    expect(score('rhythm')).toBeGreaterThan(score('ribbon'));
    expect(score('yacht')).toBeGreaterThan(score('yard'));
  });

  it('keeps two decimals', () => {
    const value = difficultyScore(traits('definitely'), 3.7);
    expect(Math.round(value * 100) / 100).toBe(value);
  });
});
