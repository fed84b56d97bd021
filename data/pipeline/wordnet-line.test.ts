import { describe, expect, it } from 'vitest';
import { parseDataLine, parseIndexLine } from './wordnet-line.ts';

// lines from WordNet 3.1's data files (Turkey's pointer list shortened)
const CAT =
  '02124272 05 n 02 cat 0 true_cat 0 003 @ 02123649 n 0000 ~ 02124460 n 0000 ~ 02127275 n 0000 | feline mammal usually having thick soft fur and no ability to roar: domestic cats; wildcats  ';
const TURKEY_COUNTRY =
  '09061886 15 n 02 Turkey 0 Republic_of_Turkey 0 002 @i 08562388 n 0000 #p 08809019 n 0000 | a Eurasian republic in Asia Minor and the Balkans  ';
const ADJECTIVE =
  '00019769 00 s 02 handy 0 ready_to_hand(p) 0 002 & 00019169 a 0000 + 04726275 n 0101 | easy to reach; "found a handy spot for the can opener"  ';
const VERB =
  '01172967 34 v 01 sip 0 003 @ 01172332 v 0000 + 10620770 n 0101 + 00845155 n 0101 01 + 08 00 | drink in sips; "She was sipping her tea"  ';

describe('parseDataLine', () => {
  it('reads offset, lexicographer file, type, words, pointers and gloss', () => {
    const synset = parseDataLine(CAT);
    expect(synset).toEqual({
      offset: 2124272,
      lexFile: 5,
      type: 'n',
      words: [
        { lemma: 'cat', lexId: 0 },
        { lemma: 'true_cat', lexId: 0 },
      ],
      pointers: [
        { symbol: '@', offset: 2123649, pos: 'n' },
        { symbol: '~', offset: 2124460, pos: 'n' },
        { symbol: '~', offset: 2127275, pos: 'n' },
      ],
      gloss: 'feline mammal usually having thick soft fur and no ability to roar: domestic cats; wildcats',
    });
  });

  it('keeps capitals and instance pointers, which mark proper names', () => {
    const synset = parseDataLine(TURKEY_COUNTRY);
    expect(synset?.words[0]?.lemma).toBe('Turkey');
    expect(synset?.pointers[0]?.symbol).toBe('@i');
  });

  it('strips adjective position markers and keeps satellites apart from head adjectives', () => {
    const synset = parseDataLine(ADJECTIVE);
    expect(synset?.type).toBe('s');
    expect(synset?.words.map((w) => w.lemma)).toEqual(['handy', 'ready_to_hand']);
    expect(synset?.pointers[0]).toEqual({ symbol: '&', offset: 19169, pos: 'a' });
  });

  it('skips the verb frames between pointers and gloss', () => {
    const synset = parseDataLine(VERB);
    expect(synset?.pointers.map((p) => p.symbol)).toEqual(['@', '+', '+']);
    expect(synset?.gloss).toBe('drink in sips; "She was sipping her tea"');
  });

  it('returns null for the licence header and blank lines', () => {
    expect(
      parseDataLine('  1 This software and database is being provided to you, the LICENSEE, by  '),
    ).toBeNull();
    expect(parseDataLine('')).toBeNull();
  });

  it('throws on a truncated line', () =>
    expect(() => parseDataLine('02124272 05 n 02 cat')).toThrow(/truncated/));
});

describe('parseIndexLine', () => {
  it('reads the synset offsets in sense order', () => {
    const entry = parseIndexLine(
      'cat n 8 5 @ ~ #m + ; 8 1 02124272 10172934 09919605 03614083 02989061 02986962 02130460 00903174  ',
    );
    expect(entry).toEqual({
      lemma: 'cat',
      pos: 'n',
      offsets: [2124272, 10172934, 9919605, 3614083, 2989061, 2986962, 2130460, 903174],
    });
  });

  it('copes with a lemma that has no pointer symbols', () => {
    expect(parseIndexLine('arch_over v 1 0 1 0 02039160  ')).toEqual({
      lemma: 'arch_over',
      pos: 'v',
      offsets: [2039160],
    });
  });

  it('returns null for the licence header', () =>
    expect(parseIndexLine('  29 Princeton University')).toBeNull());
});
