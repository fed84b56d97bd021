import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './categories.ts';
import { countsTable } from './counts-table.ts';
import { CELL_CAP, DIFFICULTIES } from './difficulty.ts';
import { DATA_DIR } from './lexicon.ts';
import { loadPronunciations } from './pronunciations.ts';
import { spellingTraits } from './spelling-difficulty.ts';
import { countCells, formatWordBank, type WordBank } from './word-bank.ts';
import { parseSections, readWordList } from './word-list.ts';

// checks on the committed word bank, the file the server seeds from
const text = fs.readFileSync(path.join(DATA_DIR, 'words', 'en.json'), 'utf8');
const bank = JSON.parse(text) as WordBank;
const blocked = new Set(readWordList(path.join(DATA_DIR, 'blocklist.txt')));
const exclusions = parseSections(fs.readFileSync(path.join(DATA_DIR, 'category-exclusions.txt'), 'utf8'));
const inCategory = (category: string) =>
  new Set(bank.words.filter((w) => w.category === category).map((w) => w.word));

/** every cell holds at least this many words; the smallest (amounts, landscapes) hold about fifty. */
const MIN_PER_CELL = 40;

describe('en.json', () => {
  it('has the shape the server seeds', () => {
    expect(bank.language).toBe('English');
    expect(bank.source).toMatch(/WordNet/);
    expect(Object.keys(bank)).toEqual(['language', 'source', 'counts', 'words']);
    for (const entry of bank.words) {
      expect(Object.keys(entry)).toEqual([
        'word',
        'category',
        'difficulty',
        'difficultyScore',
        'ipa',
        'syllables',
        'definition',
        'example',
        'homonyms',
      ]);
      expect(CATEGORIES).toContain(entry.category);
      expect(DIFFICULTIES).toContain(entry.difficulty);
      expect(entry.difficultyScore >= 0 && Math.round(entry.difficultyScore * 100) / 100).toBe(
        entry.difficultyScore,
      );
      expect(entry.ipa).toMatch(/^[a-zæðŋɑɔəɚɛɝɡɪɹʃʊʌʒθˈˌ]+$/);
      expect(Number.isInteger(entry.syllables) && entry.syllables >= 1).toBe(true);
      expect(entry.definition.length).toBeGreaterThan(3);
      if (entry.example !== null)
        expect(entry.example.toLowerCase()).toMatch(new RegExp(`\\b${entry.word}\\b`));
    }
  });

  it('is in the canonical layout the pipeline writes', () => expect(formatWordBank(bank)).toBe(text));

  it('counts what it holds', () => expect(bank.counts).toEqual(countCells(bank.words)));

  it('has its counts table in the README', () => {
    const readme = fs.readFileSync(path.join(DATA_DIR, 'README.md'), 'utf8');
    expect(readme).toContain(countsTable(bank.counts));
  });

  it('fills every category and difficulty', () => {
    expect(Object.keys(bank.counts)).toEqual([...CATEGORIES]);
    for (const category of CATEGORIES) {
      for (const difficulty of DIFFICULTIES)
        expect(bank.counts[category][difficulty]).toBeGreaterThanOrEqual(MIN_PER_CELL);
    }
  });

  it('holds at least 300 words a cell where the sources have them, and all of them where not', () => {
    for (const category of CATEGORIES) {
      const cells = DIFFICULTIES.map((d) => bank.counts[category][d]);
      const total = cells.reduce((a, b) => a + b, 0);
      // a category below three cells' worth kept every word that passed the curation rules
      if (total < 3 * CELL_CAP) continue;
      for (const count of cells) expect(count, category).toBeGreaterThanOrEqual(300);
    }
    expect(bank.counts.random).toEqual({ beginner: 400, intermediate: 400, advanced: 400 });
  });

  it('grades words by how hard they are to spell: every category harder from beginner to advanced', () => {
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    for (const category of CATEGORIES) {
      const scores = DIFFICULTIES.map((d) =>
        mean(
          bank.words
            .filter((w) => w.category === category && w.difficulty === d)
            .map((w) => w.difficultyScore),
        ),
      );
      expect(scores[0]!, category).toBeLessThan(scores[1]!);
      expect(scores[1]!, category).toBeLessThan(scores[2]!);
    }
  });

  it('puts silent letters, unusual spellings, doubled letters and schwas in the advanced words', () => {
    const cmu = loadPronunciations();
    const share = (difficulty: string, has: (t: ReturnType<typeof spellingTraits>) => boolean) => {
      const cell = bank.words.filter((w) => w.category === 'random' && w.difficulty === difficulty);
      return cell.filter((w) => has(spellingTraits(w.word, cmu.primary(w.word)!))).length / cell.length;
    };
    for (const trait of ['irregular', 'silent', 'doubled', 'schwa'] as const)
      expect(
        share('advanced', (t) => t[trait] > 0),
        trait,
      ).toBeGreaterThan(2 * share('beginner', (t) => t[trait] > 0));
  });

  it('no longer serves common easy spellings as advanced (issue 17: shower, block, fancy)', () => {
    const random = (word: string) => bank.words.find((w) => w.category === 'random' && w.word === word);
    for (const word of ['shower', 'block', 'fancy'])
      expect(random(word)?.difficulty, word).not.toBe('advanced');
    for (const word of ['necessary', 'knowledge', 'separate'])
      expect(random(word)?.difficulty, word).toBe('advanced');
  });

  it('holds plain lowercase words of 3 to 14 letters', () => {
    for (const { word, homonyms } of bank.words) {
      expect(word).toMatch(/^[a-z]{3,14}$/);
      for (const homonym of homonyms) expect(homonym).toMatch(/^[a-z]{3,14}$/);
    }
  });

  it('holds no blocklisted word, as a word, a homonym or in a gloss', () => {
    for (const { word, homonyms, definition, example } of bank.words) {
      expect(blocked.has(word), word).toBe(false);
      expect(
        homonyms.filter((h) => blocked.has(h)),
        word,
      ).toEqual([]);
      const tokens = `${definition} ${example ?? ''}`.toLowerCase().match(/[a-z]+/g) ?? [];
      expect(
        tokens.filter((t) => blocked.has(t)),
        word,
      ).toEqual([]);
    }
  });

  it('leaves out the words excluded by hand from each category', () => {
    for (const [category, words] of exclusions) {
      const present = inCategory(category);
      expect(
        [...words].filter((w) => present.has(w)),
        category,
      ).toEqual([]);
    }
  });

  it('holds each word once per category', () => {
    const seen = new Set<string>();
    for (const { word, category } of bank.words) {
      const key = `${category}:${word}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it('lists sorted homonyms other than the word itself', () => {
    for (const { word, homonyms } of bank.words) {
      expect(homonyms).not.toContain(word);
      expect([...homonyms].sort()).toEqual(homonyms);
      expect(new Set(homonyms).size).toBe(homonyms.length);
    }
  });

  it('gives every soundalike at least one homonym', () => {
    const soundalikes = bank.words.filter((w) => w.category === 'soundalikes');
    expect(soundalikes.length).toBeGreaterThan(0);
    for (const { word, homonyms } of soundalikes) expect(homonyms.length, word).toBeGreaterThan(0);
    expect(soundalikes.find((w) => w.word === 'knight')?.homonyms).toContain('night');
  });

  it('is sorted by category, difficulty and word', () => {
    const key = (w: (typeof bank.words)[number]) =>
      [CATEGORIES.indexOf(w.category), DIFFICULTIES.indexOf(w.difficulty), w.word] as const;
    for (let i = 1; i < bank.words.length; i++) {
      const [a, b] = [key(bank.words[i - 1]!), key(bank.words[i]!)];
      expect(a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2]))), b[2]).toBe(
        true,
      );
    }
  });

  it('files words by their common sense', () => {
    for (const word of ['cat', 'dog', 'horse', 'whale'])
      expect(inCategory('animals').has(word), word).toBe(true);
    for (const word of ['state', 'put', 'check']) expect(inCategory('law').has(word), word).toBe(false);
    for (const word of ['are', 'sent', 'won', 'can'])
      expect(inCategory('amounts').has(word), word).toBe(false);
    for (const word of ['three', 'dozen', 'mile']) expect(inCategory('amounts').has(word), word).toBe(true);
    expect(inCategory('dining').has('kiss')).toBe(false);
  });

  it('keeps proper names out', () => {
    for (const word of ['john', 'henry', 'china', 'turkey']) {
      const entries = bank.words.filter((w) => w.word === word);
      expect(
        entries.every((w) => !/^[A-Z]/.test(w.definition)),
        word,
      ).toBe(true);
    }
    expect(inCategory('amounts').has('henry')).toBe(false);
  });

  it('still holds every word of the reviewed sample in REVIEW.md', () => {
    const review = fs.readFileSync(path.join(DATA_DIR, 'REVIEW.md'), 'utf8');
    const sampled = [...review.split('\n### ').slice(1)].flatMap((section) => {
      const category = section.split('\n')[0]!;
      return [...section.matchAll(/^\| ([a-z]+) \| (beginner|intermediate|advanced) \|/gm)].map(
        (m) => `${category}:${m[1]}:${m[2]}`,
      );
    });
    expect(sampled.length).toBeGreaterThanOrEqual(10 * CATEGORIES.length);
    const present = new Set(bank.words.map((w) => `${w.category}:${w.word}:${w.difficulty}`));
    expect(sampled.filter((entry) => !present.has(entry))).toEqual([]);
  });

  it('stays small enough to commit', () => expect(text.length).toBeLessThan(3_000_000));
});
