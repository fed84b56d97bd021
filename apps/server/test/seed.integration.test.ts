import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows-of.ts';
import { words } from '../src/db/schema.ts';
import { seed } from '../src/db/seed.ts';
import { bankScoresQuery, createLearningRepository } from '../src/learning/learning-repository.ts';
import { serverPool } from './harness.ts';

const start = serverPool();

function bankFile(list: string[], score = (word: string) => word.length / 2) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bank-')), 'en.json');
  const entry = (word: string) => ({
    word,
    category: 'law',
    difficulty: 'advanced',
    difficultyScore: score(word),
    ipa: null,
    syllables: 1,
    definition: `the ${word}`,
    example: null,
    homonyms: [],
  });
  fs.writeFileSync(file, JSON.stringify({ language: 'Testish', words: list.map(entry) }));
  return file;
}

describe('word bank seeding', () => {
  it('adds new words, updates changed ones, removes words a new bank dropped, and skips an unchanged bank', async () => {
    const t = await start();
    const db = t.server.database.db;
    const inBank = async () =>
      (
        await db
          .select()
          .from(words)
          .where(and(eq(words.language, 'Testish')))
      )
        .map((w) => w.word)
        .sort();

    expect(await seed(db, bankFile(['alibi', 'bail', 'heckle']))).toMatchObject({ words: 3, reseeded: true });
    expect(await inBank()).toEqual(['alibi', 'bail', 'heckle']);

    const second = bankFile(['alibi', 'bail', 'verdict'], (word) => (word === 'alibi' ? 7.25 : 1));
    await seed(db, second);
    expect(await inBank()).toEqual(['alibi', 'bail', 'verdict']);
    expect(await seed(db, second)).toEqual({ words: 0, reseeded: false });
  });

  it("stores each word's spelling difficulty score, and a new bank's score replaces it", async () => {
    const t = await start();
    const db = t.server.database.db;
    const scores = async () =>
      Object.fromEntries(
        (await db.select().from(words).where(eq(words.language, 'Testish'))).map((w) => [
          w.word,
          w.difficultyScore,
        ]),
      );
    await seed(db, bankFile(['alibi', 'bail']));
    expect(await scores()).toEqual({ alibi: 2.5, bail: 2 });
    await seed(
      db,
      bankFile(['alibi', 'bail'], (word) => (word === 'alibi' ? 7.25 : 2)),
    );
    expect(await scores()).toEqual({ alibi: 7.25, bail: 2 });
  });

  it("reads the learning loop's word scores through the (language, word) index once the server started", async () => {
    // PGlite never analyzes on its own: without the seed's statistics its planner took the
    // (language, category, word) index and searched it once per category
    const t = await start();
    const db = t.server.database.db;
    const some = (
      await db.select({ word: words.word }).from(words).where(eq(words.language, 'English')).limit(12)
    ).map((w) => w.word);
    expect(some).toHaveLength(12);
    // the learning repository's own statement, explained
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await db.execute(sql`explain select * from (${bankScoresQuery(db, 'English', some)}) scores`),
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain('words_language_word_idx');
    const scores = await createLearningRepository(db).bankScores('English', some);
    expect(scores.map((s) => s.word).sort()).toEqual([...new Set(some)].sort());
  });

  it('gives a data folder whose word bank has no statistics yet its statistics at the next start', async () => {
    const t = await start();
    const db = t.server.database.db;
    const statistics = async () =>
      rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from pg_stats where schemaname = current_schema() and tablename = 'words'`,
        ),
      )[0]!.n;
    expect(await statistics()).toBeGreaterThan(0);
    // a folder from before the statistics: the bank is unchanged, so nothing is written again
    await db.execute(sql`delete from pg_statistic where starelid = 'words'::regclass`);
    expect(await statistics()).toBe(0);
    expect(await seed(db)).toEqual({ words: 0, reseeded: false });
    expect(await statistics()).toBeGreaterThan(0);
  });
});
