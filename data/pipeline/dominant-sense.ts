import type { Lexicon } from './lexicon.ts';
import { usageByPos } from './sense-usage.ts';
import { isCommonSense } from './word-filters.ts';
import type { FilePos, Synset } from './wordnet-line.ts';

/** nouns first, then verbs, then adjectives when SemCor cannot tell them apart. */
const POS_ORDER: FilePos[] = ['n', 'v', 'a'];

/** the word's most common sense: the first common sense of its most used part of speech (adverbs aside). */
export function dominantSense(lex: Lexicon, word: string): Synset | undefined {
  const usage = usageByPos(lex, word);
  const ranked = POS_ORDER.filter((pos) => lex.wn.senses(word, pos).length > 0).sort(
    (a, b) => usage[b] - usage[a] || POS_ORDER.indexOf(a) - POS_ORDER.indexOf(b),
  );
  const pos = ranked[0];
  if (!pos || usage.r > usage[pos]) return undefined;
  return lex.wn.senses(word, pos).find((synset) => isCommonSense(lex, word, synset));
}
