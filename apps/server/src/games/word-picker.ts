import type { GameDifficulty } from '@sayspell/core/constants';
import type { WordSlot } from '@sayspell/core/game/types';
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { wordMemory, words } from '../db/schema.ts';
import { pickAdaptive } from '../learning/adaptive-pick.ts';
import type { LearningService } from '../learning/learning-service.ts';

// picks a game's words from the word bank. with a player: the words they never met come first
// (no repeat until the pool is used up, then the ones met longest ago); 'practice' serves the
// player's words due again; 'adaptive' picks words the player should spell 70–80 % right.

/** the category name (after 'category_') of the player's own due words */
export const PRACTICE = 'practice';

type Row = typeof words.$inferSelect;

const slotOf = (r: Row): WordSlot => ({
  word: r.word,
  homonyms: r.homonyms,
  category: r.category,
  ipa: r.ipa,
  syllables: r.syllables,
  definition: r.definition,
  guess: null,
  used: false,
  correct: null,
});

/** one word per sound: "wait" after "weight" would be the same word twice (and its spelling
 * would already have been shown among the first one's homonyms) */
function oneBySound(rows: Row[]): Row[] {
  const heard = new Set<string>();
  return rows.filter((r) => {
    if (heard.has(r.word)) return false;
    for (const w of [r.word, ...r.homonyms]) heard.add(w);
    return true;
  });
}

export function createWordPicker(db: Db, learning?: { service: LearningService; clock: { now(): number } }) {
  /** the pool with the player's last meeting of each word (null: never met), in random order */
  async function pool(q: {
    language: string;
    category: string;
    difficulty: GameDifficulty;
    player?: string;
  }) {
    const met = q.player
      ? and(
          eq(wordMemory.userId, q.player),
          eq(wordMemory.language, words.language),
          eq(wordMemory.word, words.word),
        )
      : sql`false`;
    return db
      .select({ row: words, lastSeenAt: wordMemory.lastSeenAt })
      .from(words)
      .leftJoin(wordMemory, met)
      .where(
        and(
          eq(words.language, q.language),
          eq(words.category, q.category),
          q.difficulty === 'adaptive' ? undefined : eq(words.difficulty, q.difficulty),
        ),
      )
      .orderBy(sql`random()`);
  }

  /** the player's words due now, the longest overdue first, then the rest of their missed words */
  async function practice(language: string, player: string, now: number): Promise<Row[]> {
    const due = await db
      .select({ row: words })
      .from(wordMemory)
      .innerJoin(words, and(eq(words.language, wordMemory.language), eq(words.word, wordMemory.word)))
      .where(
        and(
          eq(wordMemory.userId, player),
          eq(wordMemory.language, language),
          isNotNull(wordMemory.dueAt),
          lte(wordMemory.dueAt, now),
        ),
      )
      .orderBy(asc(wordMemory.dueAt));
    return due.map((d) => d.row);
  }

  return async function pick(q: {
    language: string;
    category: string;
    difficulty: GameDifficulty;
    count: number;
    /** the speller: their memory steers the choice */
    player?: string;
  }): Promise<WordSlot[]> {
    // the player's own guesses of a game just played are counted first (their learning updates
    // run after each guess's answer)
    if (q.player && learning) await learning.service.settled(q.player);
    if (q.category === PRACTICE) {
      if (!q.player || !learning) return [];
      return oneBySound(await practice(q.language, q.player, learning.clock.now()))
        .slice(0, q.count)
        .map(slotOf);
    }
    const rows = await pool(q);
    let ordered: Row[];
    if (q.difficulty === 'adaptive' && q.player && learning) {
      const player = await learning.service.playerRating(q.player);
      // as this player meets them: a word they remember is easier for them (learning/memory-term.ts)
      const ratings = await learning.service.wordRatings(
        q.language,
        rows.map((r) => r.row.word),
        q.player,
      );
      ordered = pickAdaptive(rows, player.rating, ratings);
    } else {
      // never met first, then met longest ago; random within each (the pool came shuffled)
      ordered = [...rows].sort((a, b) => (a.lastSeenAt ?? 0) - (b.lastSeenAt ?? 0)).map((r) => r.row);
    }
    return oneBySound(ordered).slice(0, q.count).map(slotOf);
  };
}

export type WordPicker = ReturnType<typeof createWordPicker>;
