import { dominantSense } from './dominant-sense.ts';
import { homonymsOf, isHeadword, isKnownWord, sharesSynset } from './homonyms.ts';
import type { Lexicon } from './lexicon.ts';
import type { Candidate } from './topic-words.ts';
import { isInflection, isPlayable } from './word-filters.ts';

export interface Soundalike extends Candidate {
  homonyms: string[];
  /** how familiar the pair is: the rarer of the word and its most familiar homonym. */
  pairZipf: number;
}

/** headwords with at least one homophone that is another playable headword: knight and night. */
export function soundalikeCandidates(lex: Lexicon, words: Iterable<string>): Soundalike[] {
  const candidates: Soundalike[] = [];
  for (const word of words) {
    if (!isPlayable(lex, word) || isInflection(lex, word) || !isHeadword(lex, word)) continue;
    if (!isKnownWord(lex, word)) continue;
    const homonyms = homonymsOf(lex, word);
    // color and colour are one word spelt two ways, not a pair to tell apart
    const others = homonyms.filter((homonym) => !sharesSynset(lex, word, homonym));
    if (others.length === 0) continue;
    const synset = dominantSense(lex, word);
    if (!synset) continue;
    const zipf = lex.frequencies.zipf(word);
    const closest = Math.max(...others.map((h) => lex.frequencies.zipf(h)));
    candidates.push({ word, zipf, synset, homonyms, pairZipf: Math.min(zipf, closest) });
  }
  return candidates;
}
