import { arpabetToIpa, countSyllables } from './arpabet.ts';
import type { Category } from './categories.ts';
import type { Difficulty } from './difficulty.ts';
import { exampleFor, splitGloss } from './gloss.ts';
import { homonymsOf } from './homonyms.ts';
import type { Lexicon } from './lexicon.ts';
import type { Candidate } from './topic-words.ts';

/** one row of the word bank, as the server seeds it. */
export interface WordEntry {
  word: string;
  category: Category;
  difficulty: Difficulty;
  /** spelling difficulty, higher is harder: the band comes from it; an initial rating for the word */
  difficultyScore: number;
  ipa: string;
  syllables: number;
  definition: string;
  example: string | null;
  homonyms: string[];
}

export function mentionsBlocked(lex: Lexicon, text: string): boolean {
  return (text.toLowerCase().match(/[a-z]+/g) ?? []).some((token) => lex.blocked.has(token));
}

export function toEntry(
  lex: Lexicon,
  category: Category,
  {
    word,
    synset,
    difficulty,
    difficultyScore,
  }: Candidate & { difficulty: Difficulty; difficultyScore: number },
): WordEntry {
  const arpabet = lex.pronunciations.primary(word);
  if (arpabet === undefined) throw new Error(`no pronunciation for ${word}`);
  const { definition, examples } = splitGloss(synset.gloss);
  const example = exampleFor(word, examples);
  return {
    word,
    category,
    difficulty,
    difficultyScore,
    ipa: arpabetToIpa(arpabet),
    syllables: countSyllables(arpabet),
    definition,
    example: example && !mentionsBlocked(lex, example) ? example : null,
    homonyms: homonymsOf(lex, word),
  };
}
