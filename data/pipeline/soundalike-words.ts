import { dominantSense } from './dominant-sense.ts';
import { homonymsOf, isHeadword, isKnownWord } from './homonyms.ts';
import type { Lexicon } from './lexicon.ts';
import type { Candidate } from './topic-words.ts';
import { isInflection, isPlayable } from './word-filters.ts';

export interface Soundalike extends Candidate {
  homonyms: string[];
  /** how familiar the pair is: the rarer of the word and its most familiar homonym. */
  pairZipf: number;
}

/** headwords with at least one homophone that is a playable headword too: knight and night. */
export function soundalikeCandidates(lex: Lexicon, words: Iterable<string>): Soundalike[] {
  const candidates: Soundalike[] = [];
  for (const word of words) {
    if (!isPlayable(lex, word) || isInflection(lex, word) || !isHeadword(lex, word)) continue;
    if (!isKnownWord(lex, word)) continue;
    const homonyms = homonymsOf(lex, word);
    if (homonyms.length === 0) continue;
    const synset = dominantSense(lex, word);
    if (!synset) continue;
    const zipf = lex.frequencies.zipf(word);
    const closest = Math.max(...homonyms.map((h) => lex.frequencies.zipf(h)));
    candidates.push({ word, zipf, synset, homonyms, pairZipf: Math.min(zipf, closest) });
  }
  return candidates;
}
