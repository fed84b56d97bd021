import { CATEGORIES, CATEGORY_RULES, type Category } from './categories.ts';
import { assignDifficulties, DIFFICULTIES, type Difficulty } from './difficulty.ts';
import { splitGloss } from './gloss.ts';
import { regularBases } from './inflections.ts';
import type { Lexicon } from './lexicon.ts';
import { randomCandidates } from './random-words.ts';
import { soundalikeCandidates } from './soundalike-words.ts';
import { difficultyScore, spellingTraits } from './spelling-difficulty.ts';
import { isRarerSpelling } from './spelling-variants.ts';
import { type Candidate, topicCandidates } from './topic-words.ts';
import { mentionsBlocked, toEntry, type WordEntry } from './word-entry.ts';

export const SOURCE =
  'WordNet 3.1, Copyright 2011 by Princeton University (licence: data/words/WORDNET-LICENSE.txt); ' +
  'CMU Pronouncing Dictionary, Carnegie Mellon University; SUBTLEX-US word frequencies (Brysbaert & New, 2009); ' +
  'built by data/pipeline';

export type Counts = Record<Category, Record<Difficulty, number>>;

export interface WordBank {
  language: 'English';
  source: string;
  counts: Counts;
  words: WordEntry[];
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function buildWordBank(lex: Lexicon): WordBank {
  const chosen = new Map<Category, (Candidate & { difficulty: Difficulty; difficultyScore: number })[]>();
  const inTopics = new Set<string>();
  const usable = <T extends Candidate>(candidates: T[]) =>
    withoutPlurals(candidates).filter(
      (c) => !isRarerSpelling(lex, c.word) && !mentionsBlocked(lex, splitGloss(c.synset.gloss).definition),
    );
  const score = (c: Candidate) => scoreOf(lex, c);
  for (const rule of CATEGORY_RULES) {
    const candidates = usable(topicCandidates(lex, rule));
    for (const { word } of candidates) inTopics.add(word);
    chosen.set(rule.name, assignDifficulties(candidates, score));
  }
  chosen.set('random', assignDifficulties(usable(randomCandidates(lex, inTopics)), score));
  const headwords = new Set((['n', 'v', 'a', 'r'] as const).flatMap((pos) => [...lex.wn.lemmas(pos)]));
  chosen.set(
    'soundalikes',
    assignDifficulties(usable(soundalikeCandidates(lex, headwords)), score, (c) => c.pairZipf),
  );

  const words = CATEGORIES.flatMap((category) =>
    (chosen.get(category) ?? []).map((candidate) => toEntry(lex, category, candidate)),
  ).sort(
    (a, b) =>
      compare(a.category, b.category) ||
      DIFFICULTIES.indexOf(a.difficulty) - DIFFICULTIES.indexOf(b.difficulty) ||
      compare(a.word, b.word),
  );
  return { language: 'English', source: SOURCE, counts: countCells(words), words };
}

/** the word's spelling difficulty, from its first CMU pronunciation and its frequency */
export function scoreOf(lex: Lexicon, { word, zipf }: Candidate): number {
  const arpabet = lex.pronunciations.primary(word);
  if (arpabet === undefined) throw new Error(`no pronunciation for ${word}`);
  return difficultyScore(spellingTraits(word, arpabet), zipf);
}

const isAdjective = (c: Candidate) => c.synset.type === 'a' || c.synset.type === 's';

/** "cows" adds nothing to a category that has "cow"; of the two forms the more familiar one stays (trousers). */
export function withoutPlurals<T extends Candidate>(candidates: T[]): T[] {
  const byWord = new Map(candidates.map((c) => [c.word, c]));
  const dropped = new Set<string>();
  for (const candidate of candidates) {
    for (const { base, of } of regularBases(candidate.word)) {
      const other = byWord.get(base);
      if (!other || (of === 'adjective' && !(isAdjective(other) && isAdjective(candidate)))) continue;
      dropped.add(other.zipf > candidate.zipf ? candidate.word : base);
    }
  }
  return candidates.filter((c) => !dropped.has(c.word));
}

export function countCells(words: WordEntry[]): Counts {
  const counts = Object.fromEntries(
    CATEGORIES.map((category) => [category, Object.fromEntries(DIFFICULTIES.map((d) => [d, 0]))]),
  ) as Counts;
  for (const { category, difficulty } of words) counts[category][difficulty]++;
  return counts;
}

/** pretty at the top, one word a line: small, and a reviewable diff when the pipeline changes. */
export function formatWordBank(bank: WordBank): string {
  const { words, ...head } = bank;
  const top = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  const rows = words.map((entry) => `    ${JSON.stringify(entry)}`).join(',\n');
  return `${top},\n  "words": [\n${rows}\n  ]\n}\n`;
}
