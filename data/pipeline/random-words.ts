import { dominantSense } from './dominant-sense.ts';
import type { Lexicon } from './lexicon.ts';
import type { Candidate } from './topic-words.ts';
import { isInflection, isPlayable } from './word-filters.ts';
import type { FilePos } from './wordnet-line.ts';

/**
 * everyday nouns, verbs and adjectives outside the topic categories. SemCor must have seen the word in
 * its most common sense, which keeps out words WordNet knows only by a rare meaning ("are" the unit).
 */
export function randomCandidates(lex: Lexicon, taken: Set<string>): Candidate[] {
  const words = new Set<string>();
  for (const pos of ['n', 'v', 'a'] satisfies FilePos[])
    for (const word of lex.wn.lemmas(pos)) words.add(word);
  const excluded = lex.exclusions.get('random');
  const candidates: Candidate[] = [];
  for (const word of words) {
    if (taken.has(word) || excluded?.has(word) || !isPlayable(lex, word) || isInflection(lex, word)) continue;
    if (lex.frequencies.mostlyCapitalised(word)) continue;
    const synset = dominantSense(lex, word);
    if (!synset || lex.wn.tagCount(word, synset) === 0) continue;
    candidates.push({ word, zipf: lex.frequencies.zipf(word), synset });
  }
  return candidates;
}
