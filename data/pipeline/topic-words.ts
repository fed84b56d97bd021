import type { CategoryRule } from './categories.ts';
import type { Ranked } from './difficulty.ts';
import type { Lexicon } from './lexicon.ts';
import { categoryMatcher } from './membership.ts';
import { isInflection, isPlayable } from './word-filters.ts';
import type { Synset } from './wordnet-line.ts';

export interface Candidate extends Ranked {
  /** the sense the word is in the bank for: its definition and example come from here. */
  synset: Synset;
}

/** every playable word whose most common senses put it in the category. */
export function topicCandidates(lex: Lexicon, rule: CategoryRule): Candidate[] {
  const matches = categoryMatcher(lex, rule);
  const excluded = lex.exclusions.get(rule.name);
  const words = new Set(rule.senses.flatMap((sense) => [...lex.wn.lemmas(sense.pos)]));
  const candidates: Candidate[] = [];
  for (const word of words) {
    if (!isPlayable(lex, word) || excluded?.has(word)) continue;
    const match = matches(word);
    if (!match) continue;
    // "sent" is the past of send before it is a coin, "henry" a name before it is a unit:
    // such words need SemCor to have seen them used in this sense.
    const seen = lex.wn.tagCount(word, match.synset) > 0;
    if (!seen && (isInflection(lex, word) || lex.frequencies.mostlyCapitalised(word))) continue;
    candidates.push({ word, zipf: lex.frequencies.zipf(word), synset: match.synset });
  }
  return candidates;
}
