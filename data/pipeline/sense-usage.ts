import type { Lexicon } from './lexicon.ts';
import type { FilePos } from './wordnet-line.ts';

/** SemCor tags summed over each part of speech's senses: how a word is mostly used. */
export function usageByPos(lex: Lexicon, word: string): Record<FilePos, number> {
  const usage = { n: 0, v: 0, a: 0, r: 0 };
  for (const pos of Object.keys(usage) as FilePos[]) {
    for (const synset of lex.wn.senses(word, pos)) usage[pos] += lex.wn.tagCount(word, synset);
  }
  return usage;
}
