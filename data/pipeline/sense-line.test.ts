import { describe, expect, it } from 'vitest';
import { parseSenseLine } from './sense-line.ts';

describe('parseSenseLine', () => {
  it('reads lemma, synset type, offset and SemCor tag count', () => {
    expect(parseSenseLine('cat%1:05:00:: 02124272 1 18')).toEqual({
      lemma: 'cat',
      type: 'n',
      offset: 2124272,
      tagCount: 18,
    });
  });

  it('maps satellite adjectives and verbs', () => {
    expect(parseSenseLine('handy%5:00:00:convenient:00 00019769 1 5')?.type).toBe('s');
    expect(parseSenseLine('sip%2:34:00:: 01172967 1 1')?.type).toBe('v');
  });

  it('returns null for a blank line', () => expect(parseSenseLine('')).toBeNull());
});
