import { and, count, desc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { anyOf } from '../db/any-of.ts';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows-of.ts';
import { learningDays, learningRatings, wordMemory, words } from '../db/schema.ts';

// the learning loop's reads and writes beyond one guess: days played, the progress page's
// figures, 'practise these again' and a player's memory of a list of words (issue 17)

export type Difficulty = 'beginner' | 'intermediate' | 'advanced';
/** a player's memory of one word: counts, leitner box, when it is due, the last guess counted */
export type WordMemory = typeof wordMemory.$inferSelect;
export type RatingKind = 'player' | 'word';

/** a word_memory row as db.execute answers it (bigint columns may come as strings) */
interface MemoryRow {
  user_id: string;
  language: string;
  word: string;
  seen: number | string;
  right: number | string;
  missed: number | string;
  last_seen_at: number | string;
  box: number | string;
  due_at: number | string | null;
  last_guess: string | null;
}

/** what the learning loop reads of a player's memory of a word */
const memoryColumns = {
  word: wordMemory.word,
  seen: wordMemory.seen,
  right: wordMemory.right,
  missed: wordMemory.missed,
  lastSeenAt: wordMemory.lastSeenAt,
  box: wordMemory.box,
  dueAt: wordMemory.dueAt,
};

/** the statement of `bankScores` (its plan is tested: seed.integration.test.ts) */
export const bankScoresQuery = (db: Db, language: string, list: string[]) =>
  db
    .select({ word: words.word, score: sql<number | null>`min(${words.difficultyScore})` })
    .from(words)
    .where(and(eq(words.language, language), anyOf(words.word, list)))
    .groupBy(words.word);

/** the statement of `memoriesOf` (its plan is tested: learning-batch.integration.test.ts) */
export function memoriesQuery(keys: { userId: string; language: string; word: string }[]): SQL {
  const list = JSON.stringify(keys.map((k) => ({ u: k.userId, l: k.language, w: k.word })));
  return sql`
    select m.user_id, m.language, m.word, m.seen, m."right", m.missed, m.last_seen_at, m.box, m.due_at, m.last_guess
      from jsonb_to_recordset(${list}::jsonb) as k(u uuid, l text, w text)
     cross join lateral (
           select * from word_memory
            where user_id = k.u and language = k.l and word = k.w
            limit 1) m`;
}

export function createLearningRepository(db: Db) {
  const mine = (userId: string, language?: string) =>
    and(eq(wordMemory.userId, userId), language ? eq(wordMemory.language, language) : undefined);

  return {
    /** the days played, the latest first (at most `limit`) */
    async daysPlayed(userId: string, limit: number) {
      return db
        .select()
        .from(learningDays)
        .where(eq(learningDays.userId, userId))
        .orderBy(desc(learningDays.day))
        .limit(limit);
    },

    /** the days played from `since` (yyyy-mm-dd) on, oldest first */
    async daysSince(userId: string, since: string) {
      return db
        .select({
          day: learningDays.day,
          guesses: learningDays.guesses,
          right: learningDays.right,
          newWords: learningDays.newWords,
        })
        .from(learningDays)
        .where(and(eq(learningDays.userId, userId), gte(learningDays.day, since)))
        .orderBy(learningDays.day);
    },

    /** words waiting for practice per leitner box */
    async boxes(userId: string, language?: string) {
      return db
        .select({ box: wordMemory.box, words: count() })
        .from(wordMemory)
        .where(and(mine(userId, language), isNotNull(wordMemory.dueAt)))
        .groupBy(wordMemory.box);
    },

    /** words met; words known (right, never due) and mastered (known, or box 3 and up) */
    async counts(userId: string, language?: string) {
      const [r] = await db
        .select({
          met: count(),
          known: sql<number>`count(*) filter (where ${wordMemory.dueAt} is null and ${wordMemory.right} > 0)`,
          mastered: sql<number>`count(*) filter (where (${wordMemory.dueAt} is null and ${wordMemory.right} > 0) or ${wordMemory.box} >= 3)`,
        })
        .from(wordMemory)
        .where(mine(userId, language));
      return { met: r?.met ?? 0, known: Number(r?.known ?? 0), mastered: Number(r?.mastered ?? 0) };
    },

    /** right answers and guesses by the bank difficulty of the word (its easiest band when in several) */
    async byDifficulty(userId: string, language?: string) {
      const band = sql<Difficulty | null>`(select min(case ${words.difficulty} when 'beginner' then 'a:beginner' when 'intermediate' then 'b:intermediate' else 'c:advanced' end) from ${words} where ${words.language} = ${wordMemory.language} and ${words.word} = ${wordMemory.word})`;
      const rows = await db
        .select({
          band,
          guesses: sql<number>`sum(${wordMemory.seen})`,
          right: sql<number>`sum(${wordMemory.right})`,
        })
        .from(wordMemory)
        .where(mine(userId, language))
        .groupBy(band);
      return rows
        .filter((r) => r.band !== null)
        .map((r) => ({
          difficulty: String(r.band).slice(2) as Difficulty,
          guesses: Number(r.guesses),
          right: Number(r.right),
        }));
    },

    /** a word's definition, example and homonyms from the bank (its first row) */
    async wordFacts(language: string, word: string) {
      const [r] = await db
        .select({ definition: words.definition, example: words.example, homonyms: words.homonyms })
        .from(words)
        .where(and(eq(words.language, language), eq(words.word, word)))
        .orderBy(words.id)
        .limit(1);
      return r ?? null;
    },

    /** the player's memory of these words (the adaptive pick's memory term) */
    async memoryOf(userId: string, language: string, list: string[]) {
      if (list.length === 0) return [];
      return db
        .select(memoryColumns)
        .from(wordMemory)
        .where(and(mine(userId, language), inArray(wordMemory.word, list)));
    },

    /**
     * these missed words are due at once and ahead of every other due word (due time 0): the next
     * 'Practice my words' game serves them first. only words still waiting for practice (missed).
     */
    async bringForward(userId: string, language: string, list: string[]): Promise<number> {
      if (list.length === 0) return 0;
      const done = await db
        .update(wordMemory)
        .set({ dueAt: 0 })
        .where(and(mine(userId, language), inArray(wordMemory.word, list), isNotNull(wordMemory.dueAt)))
        .returning({ word: wordMemory.word });
      return done.length;
    },

    /** the player's memory of one word, or null if they never met it */
    async memoryOfWord(userId: string, language: string, word: string): Promise<WordMemory | null> {
      const [r] = await db
        .select()
        .from(wordMemory)
        .where(and(mine(userId, language), eq(wordMemory.word, word)));
      return r ?? null;
    },

    /**
     * the memories of these (player, language, word) keys, the ones that exist. each key is one
     * lookup in the primary key (a lateral join with `limit 1`, which no estimate can turn into a
     * scan): `user_id = any(…) and word = any(…)` read every memory of the batch's players, ≈ 23 ms
     * of PGlite's thread per second of 200 games' guesses (issue 16's B1), against ≈ 1 ms
     */
    async memoriesOf(keys: { userId: string; language: string; word: string }[]): Promise<WordMemory[]> {
      if (keys.length === 0) return [];
      const out = await db.execute(memoriesQuery(keys));
      return rowsOf<MemoryRow>(out).map((r) => ({
        userId: r.user_id,
        language: r.language,
        word: r.word,
        seen: Number(r.seen),
        right: Number(r.right),
        missed: Number(r.missed),
        lastSeenAt: Number(r.last_seen_at),
        box: Number(r.box),
        dueAt: r.due_at === null ? null : Number(r.due_at),
        lastGuess: r.last_guess,
      }));
    },

    /**
     * a batch of learning updates in one transaction: memories and ratings as they are now (one
     * row per key), and each player's day counts to add
     */
    async saveBatch(batch: {
      memories: WordMemory[];
      days: { userId: string; day: string; guesses: number; right: number; newWords: number }[];
      ratings: { kind: RatingKind; key: string; rating: number; games: number }[];
    }): Promise<void> {
      // each table's rows go in as one jsonb parameter (jsonb_to_recordset): drizzle's multi-row
      // values() built one parameter per column per row, ≈ 7 ms of the server's cpu for a part of
      // 12 guesses, and PGlite bound each of them (issue 16's profile)
      const upserts: SQL[] = [];
      if (batch.memories.length > 0) {
        const rows = JSON.stringify(
          batch.memories.map((m) => ({
            user_id: m.userId,
            language: m.language,
            word: m.word,
            seen: m.seen,
            right: m.right,
            missed: m.missed,
            last_seen_at: m.lastSeenAt,
            box: m.box,
            due_at: m.dueAt,
            last_guess: m.lastGuess,
          })),
        );
        upserts.push(sql`
          insert into word_memory (user_id, language, word, seen, "right", missed, last_seen_at, box, due_at, last_guess)
          select v.user_id, v.language, v.word, v.seen, v."right", v.missed, v.last_seen_at, v.box, v.due_at, v.last_guess
            from jsonb_to_recordset(${rows}::jsonb) as v(user_id uuid, language text, word text, seen integer,
                 "right" integer, missed integer, last_seen_at bigint, box integer, due_at bigint, last_guess text)
          on conflict (user_id, language, word) do update set
            seen = excluded.seen, "right" = excluded."right", missed = excluded.missed,
            last_seen_at = excluded.last_seen_at, box = excluded.box, due_at = excluded.due_at,
            last_guess = excluded.last_guess`);
      }
      if (batch.days.length > 0) {
        const rows = JSON.stringify(
          batch.days.map((d) => ({
            user_id: d.userId,
            day: d.day,
            guesses: d.guesses,
            right: d.right,
            new_words: d.newWords,
          })),
        );
        upserts.push(sql`
          insert into learning_days (user_id, day, guesses, "right", new_words)
          select v.user_id, v.day, v.guesses, v."right", v.new_words
            from jsonb_to_recordset(${rows}::jsonb)
                 as v(user_id uuid, day text, guesses integer, "right" integer, new_words integer)
          on conflict (user_id, day) do update set
            guesses = learning_days.guesses + excluded.guesses,
            "right" = learning_days."right" + excluded."right",
            new_words = learning_days.new_words + excluded.new_words`);
      }
      if (batch.ratings.length > 0) {
        const rows = JSON.stringify(batch.ratings);
        upserts.push(sql`
          insert into learning_ratings (kind, key, rating, games)
          select v.kind, v.key, v.rating, v.games
            from jsonb_to_recordset(${rows}::jsonb) as v(kind text, key text, rating real, games integer)
          on conflict (kind, key) do update set rating = excluded.rating, games = excluded.games`);
      }
      const last = upserts.pop();
      if (!last) return;
      // one statement (the first upserts as writable CTEs): all or nothing without a transaction
      // around it, and one round trip that holds the database for the statement alone
      await db.execute(
        upserts.length === 0
          ? last
          : sql`with ${sql.join(
              upserts.map((q, i) => sql`${sql.raw(`upsert_${i}`)} as (${q})`),
              sql`, `,
            )} ${last}`,
      );
    },

    /** how many of the player's words are due at `now` */
    async dueCount(userId: string, now: number, language?: string): Promise<number> {
      const [r] = await db
        .select({ n: count() })
        .from(wordMemory)
        .where(and(mine(userId, language), lte(wordMemory.dueAt, now)));
      return r?.n ?? 0;
    },

    /** the words the player met, the ones due soonest first */
    async wordsMet(userId: string, language: string | undefined, limit: number) {
      return db
        .select({ language: wordMemory.language, ...memoryColumns })
        .from(wordMemory)
        .where(mine(userId, language))
        .orderBy(sql`${wordMemory.dueAt} asc nulls last`, desc(wordMemory.lastSeenAt))
        .limit(limit);
    },

    /** the word bank's spelling difficulty of these words (the easiest row of each spelling) */
    async bankScores(language: string, list: string[]): Promise<{ word: string; score: number | null }[]> {
      if (list.length === 0) return [];
      return bankScoresQuery(db, language, list);
    },

    /** the elo ratings of these players or words (keys without a rating are left out) */
    async ratings(
      kind: RatingKind,
      keys: string[],
    ): Promise<{ key: string; rating: number; games: number }[]> {
      if (keys.length === 0) return [];
      return db
        .select({ key: learningRatings.key, rating: learningRatings.rating, games: learningRatings.games })
        .from(learningRatings)
        .where(and(eq(learningRatings.kind, kind), anyOf(learningRatings.key, keys)));
    },
  };
}

export type LearningRepository = ReturnType<typeof createLearningRepository>;
