import { ENABLED_CATEGORIES } from '@sayspell/core/constants';
import type { WordAuditEntry, WordChangeAnswer } from '@sayspell/core/protocol/words';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { languages, wordAudit, words } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import type { Clock } from '../games/game-service.ts';
import type { Pronunciations } from './pronunciations.ts';

// admin word tools (§6): add and remove words per language and homophone pairs. every change is
// written with its audit row in one transaction; new games pick from the table, so they see it.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function createWordAdminService(deps: { db: Db; clock: Clock; pronunciations: Pronunciations }) {
  const { db, clock } = deps;

  async function audit(
    tx: Tx,
    adminId: string,
    row: Omit<WordAuditEntry, 'id' | 'adminId' | 'createdAt'> & { detail?: string },
  ) {
    await tx.insert(wordAudit).values({ ...row, adminId, createdAt: clock.now() });
  }

  async function requireLanguage(name: string) {
    const [row] = await db.select().from(languages).where(eq(languages.name, name));
    if (!row) throw new DomainError('NOT_FOUND', `There is no language called "${name}".`);
  }

  /** homonyms stored on other rows of the same spelling, so an added word keeps its sound-alikes */
  async function knownHomonyms(word: string): Promise<string[]> {
    const rows = await db.select({ h: words.homonyms }).from(words).where(eq(words.word, word)).limit(1);
    return rows[0]?.h ?? [];
  }

  return {
    async addWord(
      adminId: string,
      input: {
        language: string;
        word: string;
        category?: string | undefined;
        difficulty?: 'beginner' | 'intermediate' | 'advanced' | undefined;
        definition?: string | undefined;
      },
    ): Promise<WordChangeAnswer> {
      await requireLanguage(input.language);
      const category = input.category ?? 'random';
      if (input.category && !(ENABLED_CATEGORIES as readonly string[]).includes(category)) {
        throw new DomainError('CATEGORY_UNAVAILABLE', `The category "${category}" is not available.`);
      }
      const pron = await deps.pronunciations.lookup(input.word);
      const syllables = pron?.syllables ?? null;
      const difficulty =
        input.difficulty ??
        (syllables !== null && syllables >= 4
          ? 'advanced'
          : syllables !== null && syllables >= 2
            ? 'intermediate'
            : 'beginner');
      const homonyms = await knownHomonyms(input.word);
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(words)
          .values({
            language: input.language,
            word: input.word,
            category,
            difficulty,
            ipa: pron?.ipa ?? null,
            syllables,
            definition: input.definition ?? null,
            homonyms,
            source: 'admin',
          })
          .onConflictDoNothing()
          .returning({ id: words.id });
        if (inserted.length === 0) {
          throw new DomainError('CONFLICT', `"${input.word}" is already in the ${category} words.`);
        }
        await audit(tx, adminId, {
          action: 'add-word',
          language: input.language,
          word: input.word,
          other: null,
          detail: `${category}, ${difficulty}`,
        });
        return { ok: true, changed: 1 };
      });
    },

    async removeWord(adminId: string, input: { language: string; word: string }): Promise<WordChangeAnswer> {
      await requireLanguage(input.language);
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(words)
          .where(and(eq(words.language, input.language), eq(words.word, input.word)))
          .returning({ id: words.id });
        if (gone.length === 0) {
          throw new DomainError('NOT_FOUND', `"${input.word}" is not among the ${input.language} words.`);
        }
        await audit(tx, adminId, {
          action: 'remove-word',
          language: input.language,
          word: input.word,
          other: null,
          detail: `${gone.length} row(s)`,
        });
        return { ok: true, changed: gone.length };
      });
    },

    /** word1 and word2 sound alike: each counts as a correct spelling of the other */
    async addHomonym(adminId: string, pair: { word1: string; word2: string }): Promise<WordChangeAnswer> {
      return db.transaction(async (tx) => {
        const changed = await bothWays(pair, async (a, b) =>
          tx
            .update(words)
            .set({ homonyms: sql`${words.homonyms} || ${JSON.stringify([b])}::jsonb` })
            .where(and(eq(words.word, a), sql`not (${words.homonyms} @> ${JSON.stringify([b])}::jsonb)`))
            .returning({ id: words.id }),
        );
        const existing = await tx
          .select({ id: words.id })
          .from(words)
          .where(sql`${words.word} in (${pair.word1}, ${pair.word2})`)
          .limit(1);
        if (existing.length === 0) {
          throw new DomainError(
            'NOT_FOUND',
            `Neither "${pair.word1}" nor "${pair.word2}" is in the word bank: add one of them first.`,
          );
        }
        if (changed === 0) {
          throw new DomainError('CONFLICT', `"${pair.word1}" and "${pair.word2}" are already homophones.`);
        }
        await audit(tx, adminId, {
          action: 'add-homonym',
          language: null,
          word: pair.word1,
          other: pair.word2,
        });
        return { ok: true, changed };
      });
    },

    async removeHomonym(adminId: string, pair: { word1: string; word2: string }): Promise<WordChangeAnswer> {
      return db.transaction(async (tx) => {
        const changed = await bothWays(pair, async (a, b) =>
          tx
            .update(words)
            .set({ homonyms: sql`${words.homonyms} - ${b}::text` })
            .where(and(eq(words.word, a), sql`${words.homonyms} @> ${JSON.stringify([b])}::jsonb`))
            .returning({ id: words.id }),
        );
        if (changed === 0) {
          throw new DomainError(
            'NOT_FOUND',
            `"${pair.word1}" and "${pair.word2}" are not homophones in the word bank.`,
          );
        }
        await audit(tx, adminId, {
          action: 'remove-homonym',
          language: null,
          word: pair.word1,
          other: pair.word2,
        });
        return { ok: true, changed };
      });
    },

    async auditTrail(limit = 100): Promise<WordAuditEntry[]> {
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

export type WordAdminService = ReturnType<typeof createWordAdminService>;

/** a homophone pair is kept on both words: runs `change(a, b)` each way, counts the rows changed */
async function bothWays(
  pair: { word1: string; word2: string },
  change: (a: string, b: string) => Promise<unknown[]>,
): Promise<number> {
  const forth = await change(pair.word1, pair.word2);
  const back = await change(pair.word2, pair.word1);
  return forth.length + back.length;
}
