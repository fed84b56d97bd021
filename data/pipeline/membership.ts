import type { CategoryRule, SenseRule } from './categories.ts';
import { ancestorsOf, keyOf, resolveSense, type SenseName } from './hierarchy.ts';
import { type LexFile, lexFileName } from './lex-files.ts';
import type { Lexicon } from './lexicon.ts';
import { isCommonSense } from './word-filters.ts';
import type { SynsetKey } from './wordnet.ts';
import type { FilePos, Synset } from './wordnet-line.ts';

/** a word belongs to a category through one of its most common senses: the first two WordNet lists. */
export const SENSES_CONSIDERED = 2;

/** a part of speech is out when another one is used this many times more often (SemCor tags). */
const POS_DOMINANCE = 3;
/** the second sense counts when SemCor saw it at least half as often as the first. */
const SECOND_SENSE_SHARE = 2;
/** fewer SemCor tags than this say nothing about which use is the common one. */
const MIN_EVIDENCE = 3;

export interface CategoryMatch {
  synset: Synset;
  pos: FilePos;
  /** 1 for the word's most common sense in that part of speech. */
  senseNumber: number;
}

export type CategoryMatcher = (word: string) => CategoryMatch | null;

/** synonyms WordNet lists late and SemCor never saw are rare names for the thing: mitt for hand, ticker for heart. */
const LEADING_SYNONYMS = 2;

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

/** SemCor tags summed over each part of speech's senses. */
export function usageByPos(lex: Lexicon, word: string): Record<FilePos, number> {
  const usage = { n: 0, v: 0, a: 0, r: 0 };
  for (const pos of Object.keys(usage) as FilePos[]) {
    for (const synset of lex.wn.senses(word, pos)) usage[pos] += lex.wn.tagCount(word, synset);
  }
  return usage;
}

export function categoryMatcher(lex: Lexicon, rule: CategoryRule): CategoryMatcher {
  const { wn } = lex;
  const ancestors = ancestorsOf(wn);
  const keys = (names: SenseName[] | undefined) =>
    names && new Set(names.map((name) => keyOf(resolveSense(wn, name))));
  const below = (synset: Synset, roots: Set<SynsetKey>) =>
    roots.has(keyOf(synset)) || [...ancestors(synset)].some((key) => roots.has(key));
  const notUnder = keys(rule.notUnder);
  const needsUseUnder = keys(rule.needsUseUnder);

  const clauses = rule.senses.map((sense: SenseRule) => {
    const under = keys(sense.under);
    const domain = keys(sense.domain);
    const derivedFrom = sense.derivedFrom && new Set<LexFile>(sense.derivedFrom);
    const cluster = keys(sense.cluster);
    const derives = (synset: Synset) =>
      synset.pointers.some(
        (p) =>
          (p.symbol === '+' || p.symbol === '=') &&
          derivedFrom?.has(lexFileName(wn.synset(`${p.pos}:${p.offset}`).lexFile)),
      );
    const clusterHead = (synset: Synset) => {
      const similar = synset.type === 's' ? synset.pointers.find((p) => p.symbol === '&') : undefined;
      return similar ? wn.synset(`${similar.pos}:${similar.offset}`) : undefined;
    };
    return {
      pos: sense.pos,
      matches: (synset: Synset) => {
        if (sense.lexFiles && !sense.lexFiles.includes(lexFileName(synset.lexFile))) return false;
        if (under && !below(synset, under)) return false;
        if (domain && !synset.pointers.some((p) => p.symbol === ';c' && domain.has(`${p.pos}:${p.offset}`))) {
          return false;
        }
        if (cluster && !cluster.has(keyOf(clusterHead(synset) ?? synset))) return false;
        if (derivedFrom && !derives(synset)) return false;
        return true;
      },
    };
  });

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
        if (i > 0 && firstUse >= MIN_EVIDENCE && wn.tagCount(word, synset) * SECOND_SENSE_SHARE < firstUse)
          return;
        if (!clause.matches(synset) || !isCommonSense(lex, word, synset)) return;
        if (!namesSynset(lex, word, synset)) return;
        if (notUnder && below(synset, notUnder)) return;
        if (needsUseUnder && below(synset, needsUseUnder) && wn.tagCount(word, synset) === 0) return;
        matches.push({ synset, pos: clause.pos, senseNumber: i + 1 });
      });
    }
    return matches.sort(preferredSense(lex, word))[0] ?? null;
  };
}
