import { splitGloss } from './gloss.ts';
import { regularBases } from './inflections.ts';
import type { Lexicon } from './lexicon.ts';
import type { Synset } from './wordnet-line.ts';

/** fewer SUBTLEX occurrences than this (about 0.1 per million words) is too rare to play. */
export const MIN_COUNT = 5;

/** usage labels that keep a sense out: offensive ones, and slang ("mitt" for hand, "conk" for nose). */
const EXCLUDED_USAGE = new Set([
  'obscenity',
  'vulgarism',
  'ethnic_slur',
  'disparagement',
  'slang',
  'slang_expression',
]);

/** spelling, length, pronunciation, frequency and blocklist: what every word and homonym must pass. */
export function isPlayable(lex: Lexicon, word: string): boolean {
  return (
    /^[a-z]{3,14}$/.test(word) &&
    !lex.blocked.has(word) &&
    lex.frequencies.count(word) >= MIN_COUNT &&
    lex.pronunciations.primary(word) !== undefined
  );
}

/**
 * an irregular form (went, mice) or a regular inflection of a noun or verb (cats, tried). a form far
 * more common than its base is a word of its own: pants, not pant + s.
 */
export function isInflection(lex: Lexicon, word: string): boolean {
  if (lex.irregular.has(word)) return true;
  const { wn, frequencies } = lex;
  return regularBases(word).some(
    (base) =>
      // a name is no base: "jeans" is not Jean + s, but "missed" is miss + ed.
      (wn.senses(base, 'v').length > 0 ||
        (wn.senses(base, 'n').length > 0 && !frequencies.mostlyCapitalised(base))) &&
      frequencies.count(base) * 2 >= frequencies.count(word),
  );
}

/** glosses WordNet writes for slang and insults: "informal terms for the mouth", "obscene terms for…". */
const EXCLUDED_GLOSS = /\b(obscene|vulgar|offensive|slang|derogatory|disparaging|slur|informal terms?)\b/i;

/**
 * the word names this sense as a common word: written in lower case there (not Turkey the country),
 * not an instance (a named individual), not marked offensive or slang.
 */
export function isCommonSense(lex: Lexicon, word: string, synset: Synset): boolean {
  if (!synset.words.some((w) => w.lemma === word) || EXCLUDED_GLOSS.test(splitGloss(synset.gloss).definition))
    return false;
  return synset.pointers.every((p) => {
    if (p.symbol === '@i') return false;
    if (p.symbol !== ';u') return true;
    return !lex.wn.synset(`${p.pos}:${p.offset}`).words.some((w) => EXCLUDED_USAGE.has(w.lemma));
  });
}
