import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { rowsOf } from './rows-of.ts';
import { languages, serverMeta, words } from './schema.ts';

// seeds the languages and the curated word bank; re-run when the word bank file changes.
// inserts are idempotent, so two instances starting together on one database are fine.

const LANGUAGES = [
  { name: 'English', enabled: true },
  { name: 'Spanish', enabled: false },
  { name: 'French', enabled: false },
  { name: 'German', enabled: false },
  { name: 'Portuguese', enabled: false },
  { name: 'Italian', enabled: false },
];

export const WORD_BANK_FILE = path.join(import.meta.dirname, '../../../../data/words/en.json');

interface WordBankEntry {
  word: string;
  category: string;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  difficultyScore: number;
  ipa: string | null;
  syllables: number | null;
  definition: string | null;
  example: string | null;
  homonyms: string[];
}

export async function seed(
  db: Db,
  wordBankFile = WORD_BANK_FILE,
): Promise<{ words: number; reseeded: boolean }> {
  await db
    .insert(languages)
    .values(LANGUAGES.map((l, position) => ({ ...l, position })))
    .onConflictDoNothing();

  const raw = fs.readFileSync(wordBankFile);
  const hash = createHash('sha256').update(raw).digest('hex');
  const bank = JSON.parse(raw.toString('utf8')) as { language: string; words: WordBankEntry[] };
  const key = `wordbank:${bank.language}`;
  const [stored] = await db.select().from(serverMeta).where(sql`${serverMeta.name} = ${key}`);
  if (stored?.value === hash) {
    await analyzeWords(db, { unlessKnown: true });
    return { words: 0, reseeded: false };
  }

  const rows = bank.words.map((w) => ({ ...w, language: bank.language }));
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(words)
        .values(rows.slice(i, i + 500))
        .onConflictDoUpdate({
          target: [words.language, words.category, words.word],
          set: {
            difficulty: sql`excluded.difficulty`,
            difficultyScore: sql`excluded.difficulty_score`,
            ipa: sql`excluded.ipa`,
            syllables: sql`excluded.syllables`,
            definition: sql`excluded.definition`,
            example: sql`excluded.example`,
            homonyms: sql`excluded.homonyms`,
          },
        });
    }
    // words the new bank no longer holds (curated out) leave the game too
    const keep = new Set(rows.map((r) => `${r.category}:${r.word}`));
    const stored = await tx
      .select({ id: words.id, category: words.category, word: words.word })
      .from(words)
      .where(and(eq(words.language, bank.language), eq(words.source, 'bank')));
    const gone = stored.filter((w) => !keep.has(`${w.category}:${w.word}`)).map((w) => w.id);
    for (let i = 0; i < gone.length; i += 500)
      await tx.delete(words).where(inArray(words.id, gone.slice(i, i + 500)));
    await tx
      .insert(serverMeta)
      .values({ name: key, value: hash })
      .onConflictDoUpdate({ target: serverMeta.name, set: { value: hash } });
  });
  await analyzeWords(db);
  return { words: rows.length, reseeded: true };
}

/**
 * the planner's statistics of the word bank (≈ 20 ms for 4,000 words), when a bank was written or
 * the table has none yet (a data folder from before them). PGlite runs no autovacuum, so it never
 * had any, and without them it read the learning loop's word scores (language and spelling, any
 * category) through the (language, category, word) index, once per category, instead of the
 * (language, word) one: 3.4 against 0.7 ms a read. statistics are kept with the data
 */
async function analyzeWords(db: Db, opts: { unlessKnown?: boolean } = {}) {
  if (opts.unlessKnown) {
    const known = await db.execute(
      sql`select 1 from pg_stats where schemaname = current_schema() and tablename = 'words' limit 1`,
    );
    if (rowsOf(known).length > 0) return;
  }
  await db.execute(sql`analyze words`);
}
