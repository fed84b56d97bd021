import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { curatedLookup, parseCuratedTopics, readCuratedTopics, topicForms } from './curated-topics.ts';
import { DATA_DIR } from './lexicon-dir.ts';
import { readWordList } from './word-list.ts';

describe('parseCuratedTopics', () => {
  it('reads a topic, its other names and its words, skipping comments and blank lines', () => {
    const text = '# pets and such\n\ncars | automobiles: wheel, engine\nfarm animals: cow, pig\n';
    expect(parseCuratedTopics(text, 'x.txt')).toEqual([
      { names: ['cars', 'automobiles'], words: ['wheel', 'engine'] },
      { names: ['farm animals'], words: ['cow', 'pig'] },
    ]);
  });

  it.each([
    ['Cars: wheel', 'capitals'],
    ['cars: wheel,engine', 'no space after a comma'],
    ['cars: ice cream', 'a word of two'],
    ["cars: driver's", 'an apostrophe'],
    ['cars wheel, engine', 'no colon'],
    ['cars | : wheel', 'an empty other name'],
  ])('names the file and line of a malformed one: %s (%s)', (line) => {
    expect(() => parseCuratedTopics(`# ok\n${line}\n`, 'x.txt')).toThrow(/^x\.txt:2: expected/);
  });
});

describe('curatedLookup', () => {
  const lookup = curatedLookup([
    { names: ['dogs', 'dog breeds'], words: ['puppy', 'poodle'] },
    { names: ['berries'], words: ['strawberry'] },
    { names: ['fish'], words: ['trout'] },
    { names: ['dogs'], words: ['poodle', 'beagle'] },
  ]);

  it('finds a topic by any of its names, in any case and spacing, with or without "the"; two lines of one name join', () => {
    expect(lookup('Dog  Breeds')).toEqual(['puppy', 'poodle']);
    expect(lookup('the dogs')).toEqual(['puppy', 'poodle', 'beagle']);
  });

  it('finds a topic typed in the singular or the plural', () => {
    expect(lookup('dog')).toEqual(['puppy', 'poodle', 'beagle']);
    expect(lookup('berry')).toEqual(['strawberry']);
    expect(lookup('fishes')).toEqual(['trout']);
  });

  it('knows nothing of a topic no file names', () => {
    expect(lookup('volcanoes')).toBeUndefined();
    expect(lookup('')).toBeUndefined();
  });

  it('takes a plural ending off the typed topic', () => {
    expect(topicForms('Berries!')).toEqual(['berries', 'berry', 'berri', 'berrie']);
  });
});

describe('the curated topic files (data/topics/curated)', () => {
  const topics = readCuratedTopics();
  const blocked = new Set(readWordList(path.join(DATA_DIR, 'blocklist.txt')));

  it('hold a few hundred topics', () => {
    expect(topics.length).toBeGreaterThanOrEqual(300);
  });

  it.each(topics.map((t) => [t.names[0]!, t] as const))(
    '%s: 12 words or more, each once, none blocked, not its own name',
    (_, t) => {
      expect(t.words.length).toBeGreaterThanOrEqual(12);
      expect(new Set(t.words).size).toBe(t.words.length);
      expect(t.words.filter((w) => blocked.has(w))).toEqual([]);
      const names = new Set(t.names.flatMap(topicForms));
      expect(t.words.filter((w) => names.has(w))).toEqual([]);
    },
  );
});
