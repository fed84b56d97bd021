import { splitGloss } from './gloss.ts';
import { type Base, regularBases } from './inflections.ts';
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

/** a form this many times more common than its base is a word of its own: pants, stairs. */
const OWN_WORD_RATIO = 4;

/**
 * an irregular form (went, mice) or a regular inflection of a noun, verb or adjective (cats, tried,
 * bigger).
 */
export function isInflection(lex: Lexicon, word: string): boolean {
  if (lex.irregular.has(word)) return true;
  const { wn, frequencies } = lex;
  const isA = (base: string, of: Base['of']) => {
    // "higher" compares high; "offer" is no comparison of off
    if (of === 'adjective') return wn.senses(base, 'a').length > 0 && wn.senses(word, 'a').length > 0;
    if (wn.senses(base, 'v').length > 0) return true;
    // a name is no base: "jeans" is not Jean + s, but "missed" is miss + ed.
    return of === 'noun-or-verb' && wn.senses(base, 'n').length > 0 && !frequencies.mostlyCapitalised(base);
  };
  return regularBases(word).some(
    ({ base, of }) => isA(base, of) && frequencies.count(base) * OWN_WORD_RATIO >= frequencies.count(word),
  );
}

/** glosses WordNet writes for slang and insults: "informal terms for the mouth", "obscene terms for…". */
const EXCLUDED_GLOSS =
  /\b(obscene|vulgar|offensive|slang|derogatory|disparaging|slur|informal terms?|alternative names?)\b/i;

/**
 * the word names this sense as a common word: written in lower case there (not Turkey the country),
 * not an instance (a named individual), not marked offensive or slang.
 */
export function isCommonSense(lex: Lexicon, word: string, synset: Synset): boolean {
  if (!synset.words.some((w) => w.lemma === word)) return false;
  if (EXCLUDED_GLOSS.test(splitGloss(synset.gloss).definition)) return false;
  return synset.pointers.every((p) => {
    if (p.symbol === '@i') return false;
    if (p.symbol !== ';u') return true;
    return !lex.wn.synset(`${p.pos}:${p.offset}`).words.some((w) => EXCLUDED_USAGE.has(w.lemma));
  });
}
