import type { WordAuditEntry } from '@sayspell/core/protocol/words';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { wordAudit, words } from '../db/schema.ts';

// the word bank's admin changes and sound-alikes. every change is written with its audit row in
// one transaction, so the audit trail never misses a change nor names one that did not happen

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Difficulty = 'beginner' | 'intermediate' | 'advanced';
type AuditNote = Omit<WordAuditEntry, 'id' | 'adminId' | 'createdAt'> & { detail?: string };
/** who changed the bank, and when */
export interface ChangeBy {
  adminId: string;
  at: number;
}
export interface HomophonePair {
  word1: string;
  word2: string;
}

const audit = (tx: Tx, by: ChangeBy, note: AuditNote) =>
  tx.insert(wordAudit).values({ ...note, adminId: by.adminId, createdAt: by.at });

/** a homophone pair is kept on both words: runs `change(a, b)` each way, counts the rows changed */
async function bothWays(pair: HomophonePair, change: (a: string, b: string) => Promise<unknown[]>) {
  const forth = await change(pair.word1, pair.word2);
  const back = await change(pair.word2, pair.word1);
  return forth.length + back.length;
}

const hasHomonym = (b: string) => sql`${words.homonyms} @> ${JSON.stringify([b])}::jsonb`;

export function createWordRepository(db: Db) {
  return {
    /** the sound-alikes of a spelling (kept alike on every row of that spelling) */
    async homophonesOf(word: string): Promise<string[]> {
      const rows = await db.select({ h: words.homonyms }).from(words).where(eq(words.word, word)).limit(5);
      return [...new Set(rows.flatMap((r) => r.h))];
    },

    /** adds a word unless its language and category already have it; false if they do */
    async addWord(
      by: ChangeBy,
      word: {
        language: string;
        word: string;
        category: string;
        difficulty: Difficulty;
        ipa: string | null;
        syllables: number | null;
        definition: string | null;
        homonyms: string[];
      },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(words)
          .values({ ...word, source: 'admin' })
          .onConflictDoNothing()
          .returning({ id: words.id });
        if (inserted.length === 0) return false;
        await audit(tx, by, {
          action: 'add-word',
          language: word.language,
          word: word.word,
          other: null,
          detail: `${word.category}, ${word.difficulty}`,
        });
        return true;
      });
    },

    /** removes a word from every category of its language; how many rows went */
    async removeWord(by: ChangeBy, language: string, word: string): Promise<number> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(words)
          .where(and(eq(words.language, language), eq(words.word, word)))
          .returning({ id: words.id });
        if (gone.length > 0) {
          await audit(tx, by, {
            action: 'remove-word',
            language,
            word,
            other: null,
            detail: `${gone.length} row(s)`,
          });
        }
        return gone.length;
      });
    },

    /**
     * makes two spellings sound-alikes of each other: `known` says whether either is in the bank,
     * `changed` how many rows took the other (0 when they already were)
     */
    async addHomophones(by: ChangeBy, pair: HomophonePair): Promise<{ known: boolean; changed: number }> {
      return db.transaction(async (tx) => {
        const changed = await bothWays(pair, (a, b) =>
          tx
            .update(words)
            .set({ homonyms: sql`${words.homonyms} || ${JSON.stringify([b])}::jsonb` })
            .where(and(eq(words.word, a), sql`not (${hasHomonym(b)})`))
            .returning({ id: words.id }),
        );
        const existing = await tx
          .select({ id: words.id })
          .from(words)
          .where(sql`${words.word} in (${pair.word1}, ${pair.word2})`)
          .limit(1);
        if (changed > 0) {
          await audit(tx, by, { action: 'add-homonym', language: null, word: pair.word1, other: pair.word2 });
        }
        return { known: existing.length > 0, changed };
      });
    },

    /** two spellings are no longer sound-alikes; how many rows changed */
    async removeHomophones(by: ChangeBy, pair: HomophonePair): Promise<number> {
      return db.transaction(async (tx) => {
        const changed = await bothWays(pair, (a, b) =>
          tx
            .update(words)
            .set({ homonyms: sql`${words.homonyms} - ${b}::text` })
            .where(and(eq(words.word, a), hasHomonym(b)))
            .returning({ id: words.id }),
        );
        if (changed > 0) {
          await audit(tx, by, {
            action: 'remove-homonym',
            language: null,
            word: pair.word1,
            other: pair.word2,
          });
        }
        return changed;
      });
    },

    /** the newest changes first */
    async auditTrail(limit: number): Promise<WordAuditEntry[]> {
      const rows = await db.select().from(wordAudit).orderBy(desc(wordAudit.id)).limit(limit);
      return rows.map((r) => ({
        id: r.id,
        action: r.action,
        language: r.language,
        word: r.word,
        other: r.other,
        adminId: r.adminId,
        createdAt: r.createdAt,
      }));
    },
  };
}

export type WordRepository = ReturnType<typeof createWordRepository>;
