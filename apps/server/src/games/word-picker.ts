import type { Difficulty } from '@sayspell/core/constants';
import type { WordSlot } from '@sayspell/core/game/types';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { words } from '../db/schema.ts';

// picks a game's words from the word bank

export function createWordPicker(db: Db) {
  return async function pick(q: {
    language: string;
    category: string;
    difficulty: Difficulty;
    count: number;
  }): Promise<WordSlot[]> {
    const rows = await db
      .select()
      .from(words)
      .where(
        and(
          eq(words.language, q.language),
          eq(words.category, q.category),
          eq(words.difficulty, q.difficulty),
        ),
      )
      .orderBy(sql`random()`)
      .limit(q.count * 2);
    // one word per sound: "wait" after "weight" would be the same word twice (and its spelling
    // would already have been shown among the first one's homonyms)
    const heard = new Set<string>();
    const picked = rows.filter((r) => {
      if (heard.has(r.word)) return false;
      for (const w of [r.word, ...r.homonyms]) heard.add(w);
      return true;
    });
    return picked.slice(0, q.count).map((r) => ({
      word: r.word,
      homonyms: r.homonyms,
      category: r.category,
      ipa: r.ipa,
      syllables: r.syllables,
      definition: r.definition,
      guess: null,
      used: false,
      correct: null,
    }));
  };
}

export type WordPicker = ReturnType<typeof createWordPicker>;
