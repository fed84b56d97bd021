import { describe, expect, it } from 'vitest';
import { MASK, maskWord, stemOf } from './mask-word.ts';

describe('maskWord', () => {
  it('masks the word, its inflections and derivations, and its homophones', () => {
    expect(maskWord('the act of abducting; an abduction', 'abduction')).toBe(
      `the act of ${MASK}; an ${MASK}`,
    );
    expect(maskWord('Batches of bread; to batch', 'batch')).toBe(`${MASK} of bread; to ${MASK}`);
    expect(maskWord('a weight or a wait', 'weight', ['wait'])).toBe(`a ${MASK} or a ${MASK}`);
    expect(maskWord('happily so, with happiness', 'happy')).toBe(`${MASK} so, with ${MASK}`);
  });
  it('leaves other words alone, short words included', () => {
    expect(maskWord('the basic unit of electric current', 'amp')).toBe('the basic unit of electric current');
    expect(maskWord('an example of a lamp', 'amp')).toBe('an example of a lamp');
    expect(stemOf('abduction')).toBe('abduct');
  });
  it('no bank definition masked still holds its word (every word of the bank)', async () => {
    const { readFileSync } = await import('node:fs');
    const bank = JSON.parse(
      readFileSync(new URL('../../../../data/words/en.json', import.meta.url), 'utf8'),
    ) as {
      words: { word: string; definition: string | null; homonyms: string[] }[];
    };
    const leaks = bank.words.filter((w) => {
      if (!w.definition) return false;
      const out = maskWord(w.definition, w.word, w.homonyms).toLowerCase();
      return (
        new RegExp(`\\b${w.word}`).test(out) || w.homonyms.some((h) => new RegExp(`\\b${h}\\b`).test(out))
      );
    });
    expect(leaks.map((w) => w.word)).toEqual([]);
  });
});
