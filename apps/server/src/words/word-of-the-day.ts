import type { WordOfTheDay } from '@sayspell/core/protocol/words';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { words } from '../db/schema.ts';
import { DomainError } from '../errors.ts';

// word of the day (§1, §7): the same word for everyone on a date, none repeated within a year.
// the candidates (bank words with a definition and an example, at least 366 of them) are walked in
// a fixed order by a step coprime with their count: day n gets candidate (n·step + offset) mod N,
// so any N consecutive days get N different words. no table, nothing to keep in sync.

const DAY_MS = 86_400_000;
const STEP_SEED = 7919; // a prime; adjusted to be coprime with the count

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

export function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function indexForDay(day: number, count: number): number {
  let step = STEP_SEED % count || 1;
  while (gcd(step, count) !== 1) step++;
  return (((day * step + 12345) % count) + count) % count;
}

export function createWordOfTheDay(db: Db) {
  let candidates: Promise<{ id: number }[]> | null = null;
  return {
    async forDate(date: string): Promise<WordOfTheDay> {
      // the bank only changes when a new bank is seeded at start-up: the order is read once
      candidates ??= db
        .select({ id: words.id })
        .from(words)
        .where(
          and(
            eq(words.language, 'English'),
            eq(words.source, 'bank'),
            isNotNull(words.definition),
            isNotNull(words.example),
            isNotNull(words.ipa),
          ),
        )
        .orderBy(asc(words.word), asc(words.id));
      const list = await candidates;
      if (list.length === 0) {
        candidates = null;
        throw new DomainError('UNAVAILABLE', 'There is no word of the day yet.');
      }
      const pick = list[indexForDay(dayNumber(date), list.length)]!;
      const [row] = await db.select().from(words).where(eq(words.id, pick.id));
      if (!row) {
        candidates = null;
        throw new DomainError('UNAVAILABLE', 'The word of the day is being changed: try again.');
      }
      return {
        word: row.word,
        phonetic: row.ipa ? `/${row.ipa}/` : '',
        syllable: String(row.syllables ?? ''),
        definition: row.definition ?? '',
        referenceSentence: row.example ?? '',
      };
    },
  };
}

export type WordOfTheDayService = ReturnType<typeof createWordOfTheDay>;
