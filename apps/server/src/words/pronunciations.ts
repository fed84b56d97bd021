import { arpabetToIpa, countSyllables } from '@sayspell/data/pipeline/arpabet.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { words } from '../db/schema.ts';

// the IPA of a spelling, served by SaySpell itself (§7 word-data lookup): the word bank first, then
// the CMU pronouncing dictionary (134k words, shipped by its npm package), converted to IPA with
// the pipeline's ARPAbet table. the dictionary is imported on the first miss, never at start-up.

export interface Pronunciation {
  ipa: string;
  syllables: number;
}

let dictionary: Promise<Record<string, string>> | null = null;
const loadDictionary = () => {
  dictionary ??= import('cmu-pronouncing-dictionary').then((m) => m.dictionary);
  return dictionary;
};

export function createPronunciations(db: Db) {
  return {
    async lookup(word: string): Promise<Pronunciation | null> {
      const spelling = word.trim().toLowerCase();
      const [row] = await db
        .select({ ipa: words.ipa, syllables: words.syllables })
        .from(words)
        .where(eq(words.word, spelling))
        .limit(1);
      if (row?.ipa) return { ipa: row.ipa, syllables: row.syllables ?? 1 };
      const arpabet = (await loadDictionary())[spelling];
      if (!arpabet) return null;
      return { ipa: arpabetToIpa(arpabet), syllables: countSyllables(arpabet) };
    },
  };
}

export type Pronunciations = ReturnType<typeof createPronunciations>;
