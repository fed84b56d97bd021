import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR } from './lexicon-dir.ts';
import {
  etymologyOf,
  headwords,
  ORIGIN_LANGUAGES,
  originOf,
  revealing,
  wordOrigins,
} from './word-origins.ts';

// the bee's "language of origin" (issue 17 item 5): a language name read from Webster's
// etymologies, never the etymon, which would spell the word
const origins = JSON.parse(
  fs.readFileSync(path.join(DATA_DIR, 'words', 'en-origins.json'), 'utf8'),
) as Record<string, string>;
const bank = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'words', 'en.json'), 'utf8')) as {
  words: { word: string }[];
};

describe('originOf', () => {
  it('names the language English took the word from, looking through English stages', () => {
    expect(originOf('AS. docga; akin to D. dog mastiff, Dan. dogge, Sw. dogg.')).toBe('Old English');
    expect(originOf('OE. windowe, windoge, Icel. vindauga window, properly, wind eye')).toBe('Old Norse');
    expect(originOf('OE. criket, OF. crequet, criquet; prob. of German origin')).toBe('French');
    expect(originOf('It. piano soft (fr. L. planus even, smooth; see {Plain}, a.) + It. forte strong')).toBe(
      'Italian',
    );
    expect(originOf('D. wagen. 136. See {Wain}.')).toBe('Dutch');
  });

  it('takes a Latin form of a Greek word as Greek', () => {
    expect(originOf('L., fr. Gr. glay`kwma, fr. glayko`s light gray')).toBe('Greek');
    expect(originOf('NL., fr. Gr. fle`ps, flebo`s, a vein + -itis.')).toBe('Greek');
    expect(originOf('L. custodia, fr. custos guard; prob. akin to Gr. ?')).toBe('Latin');
  });

  it('says nothing where the source is hedged, missing or only English', () => {
    expect(originOf('Cf. F. perspiration.')).toBeNull();
    expect(originOf('Prob. for older prange. Cf. {Prong}.')).toBeNull();
    expect(originOf('Of uncertain origin.')).toBeNull();
    expect(originOf('OE. killen, kellen, cullen; perh. the same word as cwellen')).toBeNull();
    expect(originOf('AS. pearroc, or perh. rather fr. F. parc')).toBeNull();
    expect(originOf('Typhus + -oid: cf. F. typho["i]de, Gr. ?.')).toBeNull();
    expect(originOf('OE. knowlage, knowlege. The last part is the Icel. suffix -leikr')).toBeNull();
  });
});

describe('dictionary entries', () => {
  const dog =
    'Dog \\Dog\\ (d[add]g or d[o^]g), n. [AS. docga; akin to D. dog\n   mastiff, Dan. dogge, Sw. dogg.]\n   1. (Zool.) A quadruped.\n   [1913 Webster]';
  const cool =
    'Cool \\Cool\\ (k[=oo]l), a. [Compar. {Cooler}; superl. {Coolest}.]\n   [AS. c[=o]l; akin to D. koel.]\n   1. Moderately cold.\n   [1913 Webster]';

  it('finds the etymology among the heading brackets, not the pronunciation marks or labels', () => {
    expect(headwords(dog)).toEqual(['dog']);
    expect(etymologyOf(dog)).toBe('AS. docga; akin to D. dog mastiff, Dan. dogge, Sw. dogg.');
    // pronunciation marks go, letters and all: only the language names matter
    expect(etymologyOf(cool)).toBe('AS. cl; akin to D. koel.');
  });

  it("prefers the entry of the bank's part of speech and follows a bare cross reference", () => {
    const hold = [
      'Hold \\Hold\\, n. [D. hol hole, hollow.]\n   The hold of a ship.\n   [1913 Webster]',
      'Hold \\Hold\\ (h[=o]ld), v. t. [imp. {Held}] [AS. healdan.]\n   To keep.\n   [1913 Webster]',
    ];
    const pup = ['Pup \\Pup\\, n. [See {Puppy}.]\n   A puppy.\n   [1913 Webster]'];
    const puppy = ['Puppy \\Pup"py\\, n. [F. poup[\'e]e doll.]\n   A young dog.\n   [1913 Webster]'];
    const entries = (w: string) => ({ hold, pup, puppy })[w] ?? [];
    expect(wordOrigins(['hold', 'pup'], entries, (w) => (w === 'hold' ? 'verb' : 'noun'))).toEqual({
      hold: 'Old English',
      pup: 'French',
    });
  });
});

describe('en-origins.json', () => {
  const words = new Set(bank.words.map((w) => w.word));

  it('holds bank words only, each with a language name from the known list', () => {
    expect(Object.keys(origins).length).toBeGreaterThan(2000);
    expect(Object.keys(origins)).toEqual(Object.keys(origins).sort((a, b) => a.localeCompare(b)));
    for (const [word, origin] of Object.entries(origins)) {
      expect(words.has(word), word).toBe(true);
      expect(ORIGIN_LANGUAGES, `${word}: ${origin}`).toContain(origin);
    }
  });

  it('never gives the word away: no origin holds the word or four letters of it in a row', () => {
    expect(revealing('Old English', 'old')).toBe(true);
    expect(revealing('French', 'frenchman')).toBe(true);
    expect(revealing('Latin', 'dog')).toBe(false);
    for (const [word, origin] of Object.entries(origins)) {
      expect(revealing(origin, word), `${word}: ${origin}`).toBe(false);
      // a language name only: one or two capitalised words, no etymon, no punctuation
      expect(origin).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)?$/);
    }
  });
});
