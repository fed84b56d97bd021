import { describe, expect, it } from 'vitest';
import { parseSections, parseWordList } from './word-list.ts';

describe('parseWordList', () => {
  it('drops comments and blank lines and lowercases', () => {
    expect(parseWordList('# heading\nCat\n\n  dog  # a pet\n')).toEqual(['cat', 'dog']);
  });
});

describe('parseSections', () => {
  it('groups words under their heading', () => {
    const sections = parseSections('ignored\n[animals]\nbeef\n# why\nqueen\n[law]\ncopy\n[animals]\nhind\n');
    expect([...(sections.get('animals') ?? [])]).toEqual(['beef', 'queen', 'hind']);
    expect([...(sections.get('law') ?? [])]).toEqual(['copy']);
    expect(sections.has('ignored')).toBe(false);
  });
});
