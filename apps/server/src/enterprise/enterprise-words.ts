import type { WordSlot } from '@sayspell/core/game/types';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { words } from '../db/schema.ts';
import type { LoadedTopicIndex } from '../topics/topic-index.ts';

// the dictionary enterprise topics are checked against: the word bank (which holds the words admins
// added) first, then the topic index's playable words (the dictionary custom topics use)

export type KnownWord = Pick<WordSlot, 'word' | 'homonyms' | 'ipa' | 'syllables' | 'definition'>;

export function createEnterpriseWords(deps: { db: Db; index: () => LoadedTopicIndex }) {
  return {
    async lookup(spelling: string): Promise<KnownWord | undefined> {
      const word = spelling.trim().toLowerCase();
      const [row] = await deps.db
        .select({
          word: words.word,
          homonyms: words.homonyms,
          ipa: words.ipa,
          syllables: words.syllables,
          definition: words.definition,
        })
        .from(words)
        .where(eq(words.word, word))
        .limit(1);
      if (row) return row;
      const w = deps.index().word(word);
      if (!w) return undefined;
      return {
        word: w.word,
        homonyms: w.homonyms,
        ipa: w.ipa,
        syllables: w.syllables,
        definition: w.definition || null,
      };
    },
  };
}

export type EnterpriseWords = ReturnType<typeof createEnterpriseWords>;
