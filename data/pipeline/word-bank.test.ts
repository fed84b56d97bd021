import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR, loadLexicon } from './lexicon.ts';
import type { Candidate } from './topic-words.ts';
import { buildWordBank, formatWordBank, withoutPlurals } from './word-bank.ts';
import type { Synset } from './wordnet-line.ts';

const noun = { type: 'n' } as Synset;
const adjective = { type: 'a' } as Synset;
const candidate = (word: string, zipf: number, synset = noun): Candidate => ({ word, zipf, synset });

describe('withoutPlurals', () => {
  it('keeps the more familiar of a word and its plural', () => {
    const kept = withoutPlurals([
      candidate('cow', 4),
      candidate('cows', 3),
      candidate('trousers', 3),
      candidate('trouser', 1),
    ]);
    expect(kept.map((c) => c.word)).toEqual(['cow', 'trousers']);
  });

  it('keeps agent nouns beside their verbs, but not comparisons beside adjectives', () => {
    const kept = withoutPlurals([
      candidate('teach', 4),
      candidate('teacher', 4),
      candidate('big', 5, adjective),
      candidate('bigger', 4, adjective),
    ]);
    expect(kept.map((c) => c.word)).toEqual(['teach', 'teacher', 'big']);
  });
});

describe('buildWordBank', () => {
  it('rebuilds the committed en.json byte for byte', { timeout: 120_000 }, () => {
    const committed = fs.readFileSync(path.join(DATA_DIR, 'words', 'en.json'), 'utf8');
    expect(formatWordBank(buildWordBank(loadLexicon())) === committed).toBe(true);
  });
});
