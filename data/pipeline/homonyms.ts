import type { Lexicon } from './lexicon.ts';
import { isCommonSense, isInflection, isPlayable } from './word-filters.ts';
import type { FilePos } from './wordnet-line.ts';

const ALL_POS: FilePos[] = ['n', 'v', 'a', 'r'];

/** a dictionary headword: WordNet knows it as a common word, not only as a name. */
export function isHeadword(lex: Lexicon, word: string): boolean {
  return ALL_POS.some((pos) => lex.wn.senses(word, pos).some((synset) => isCommonSense(lex, word, synset)));
}

/** without SemCor evidence a word must be this common in SUBTLEX to count as known. */
export const KNOWN_COUNT = 100;

/** a word a player knows: SemCor saw it, or subtitles use it often and not as a name (not lac, rho, fay). */
export function isKnownWord(lex: Lexicon, word: string): boolean {
  const seen = ALL_POS.some((pos) =>
    lex.wn.senses(word, pos).some((synset) => lex.wn.tagCount(word, synset) > 0),
  );
  return seen || (lex.frequencies.count(word) >= KNOWN_COUNT && !lex.frequencies.mostlyCapitalised(word));
}

/** the two words name one thing: spellings of one word (colour, color) or synonyms said alike (kat, cat). */
export function sharesSynset(lex: Lexicon, word: string, other: string): boolean {
  const names = (a: string, b: string) =>
    ALL_POS.some((pos) => lex.wn.senses(a, pos).some((synset) => synset.words.some((w) => w.lemma === b)));
  return names(word, other) || names(other, word);
}

/**
 * words pronounced exactly alike that are playable headwords themselves, not inflections (tide, not
 * tied) and known to a player. another spelling of the same word (colour for color) counts too: the
 * game accepts a homonym as a right answer, and a player who hears the word cannot tell the spellings apart.
 */
export function homonymsOf(lex: Lexicon, word: string): string[] {
  return lex.pronunciations
    .homophones(word)
    .filter(
      (other) =>
        isPlayable(lex, other) &&
        !isInflection(lex, other) &&
        isHeadword(lex, other) &&
        (sharesSynset(lex, word, other) || isKnownWord(lex, other)),
    )
    .sort();
}
