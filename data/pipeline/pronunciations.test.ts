import { describe, expect, it } from 'vitest';
import { loadPronunciations } from './pronunciations.ts';

const entries = {
  night: 'N AY1 T',
  knight: 'N AY1 T',
  'knight(2)': 'N AY1 T',
  nite: 'N AY1 T',
  "night's": 'N AY1 T S',
  read: 'R IY1 D',
  'read(2)': 'R EH1 D',
  red: 'R EH1 D',
  record: 'R EH1 K ER0 D',
  'record(2)': 'R IH0 K AO1 R D',
};

describe('loadPronunciations', () => {
  const pronunciations = loadPronunciations(entries);

  it('gives the first pronunciation', () => expect(pronunciations.primary('read')).toBe('R IY1 D'));

  it('knows nothing of words outside the dictionary, even inherited names', () => {
    expect(pronunciations.primary('toString')).toBeUndefined();
    expect(pronunciations.homophones('constructor')).toEqual([]);
  });

  it('finds other words said exactly alike, leaving out variants and the word itself', () => {
    expect(pronunciations.homophones('night')).toEqual(['knight', 'nite']);
  });

  it('compares first pronunciations only', () => {
    expect(pronunciations.homophones('red')).toEqual([]);
    expect(pronunciations.homophones('read')).toEqual([]);
  });
});
