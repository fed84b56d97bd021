import type { CategoryRule } from './categories.ts';
import { belowAny, synsetKeys } from './hierarchy.ts';
import type { Lexicon } from './lexicon.ts';
import { senseRuleTest } from './sense-rule.ts';
import { usageByPos } from './sense-usage.ts';
import { isCommonSense } from './word-filters.ts';
import type { FilePos, Synset } from './wordnet-line.ts';

/** a word belongs to a category through one of its most common senses: the first two WordNet lists. */
export const SENSES_CONSIDERED = 2;

/** a part of speech is out when another one is used this many times more often (SemCor tags). */
const POS_DOMINANCE = 3;
/** the second sense counts when SemCor saw it at least half as often as the first. */
const SECOND_SENSE_SHARE = 2;
/** fewer SemCor tags than this say nothing about which use is the common one. */
const MIN_EVIDENCE = 3;
/** synonyms WordNet lists later and SemCor never saw are rare names for the thing: mitt for hand. */
const LEADING_SYNONYMS = 2;

export interface CategoryMatch {
  synset: Synset;
  pos: FilePos;
  /** 1 for the word's most common sense in that part of speech. */
  senseNumber: number;
}

export type CategoryMatcher = (word: string) => CategoryMatch | null;

function namesSynset(lex: Lexicon, word: string, synset: Synset): boolean {
  const position = synset.words.findIndex((w) => w.lemma === word);
  return position < LEADING_SYNONYMS || lex.wn.tagCount(word, synset) > 0;
}

/**
 * between two matching senses: the one SemCor saw more, then the one the word heads (dolphin the whale,
 * not dolphinfish), then the narrower synset (peacock the bird, not peacock butterfly), then WordNet's order.
 */
function preferredSense(lex: Lexicon, word: string) {
  const position = (m: CategoryMatch) => m.synset.words.findIndex((w) => w.lemma === word);
  return (a: CategoryMatch, b: CategoryMatch) =>
    lex.wn.tagCount(word, b.synset) - lex.wn.tagCount(word, a.synset) ||
    position(a) - position(b) ||
    a.synset.words.length - b.synset.words.length ||
    a.senseNumber - b.senseNumber;
}

/** the sense that files a word in the category, or null when none of its common senses does. */
export function categoryMatcher(lex: Lexicon, rule: CategoryRule): CategoryMatcher {
  const { wn } = lex;
  const below = belowAny(wn);
  const notUnder = rule.notUnder && synsetKeys(wn, rule.notUnder);
  const needsUseUnder = rule.needsUseUnder && synsetKeys(wn, rule.needsUseUnder);
  const clauses = rule.senses.map((sense) => ({ pos: sense.pos, matches: senseRuleTest(wn, sense) }));

  const counts = (word: string, synset: Synset, i: number, firstUse: number) => {
    if (i > 0 && firstUse >= MIN_EVIDENCE && wn.tagCount(word, synset) * SECOND_SENSE_SHARE < firstUse) {
      return false;
    }
    if (!isCommonSense(lex, word, synset) || !namesSynset(lex, word, synset)) return false;
    if (notUnder && below(synset, notUnder)) return false;
    return !(needsUseUnder && below(synset, needsUseUnder) && wn.tagCount(word, synset) === 0);
  };

  return (word) => {
    const matches: CategoryMatch[] = [];
    const usage = usageByPos(lex, word);
    const mostUsed = Math.max(...Object.values(usage));
    for (const clause of clauses) {
      // "kiss" is a candy too, but a verb first: a part of speech far less used than another is no way in.
      if (mostUsed >= MIN_EVIDENCE && usage[clause.pos] * POS_DOMINANCE < mostUsed) continue;
      const senses = wn.senses(word, clause.pos).slice(0, SENSES_CONSIDERED);
      const firstUse = senses[0] ? wn.tagCount(word, senses[0]) : 0;
      senses.forEach((synset, i) => {
        if (clause.matches(synset) && counts(word, synset, i, firstUse)) {
          matches.push({ synset, pos: clause.pos, senseNumber: i + 1 });
        }
      });
    }
    return matches.sort(preferredSense(lex, word))[0] ?? null;
  };
}
