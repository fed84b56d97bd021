export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** at most this many words per category and difficulty. */
export const CELL_CAP = 250;

/** Zipf points one extra letter costs: a long common word is no beginner word. */
export const LETTER_COST = 0.15;
const PLAIN_LENGTH = 6;

export interface Ranked {
  word: string;
  /** SUBTLEX Zipf frequency, higher is more familiar. */
  zipf: number;
}

export function ease({ word, zipf }: Ranked): number {
  return zipf - LETTER_COST * Math.max(0, word.length - PLAIN_LENGTH);
}

const byWord = (a: Ranked, b: Ranked) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

/**
 * keeps the most familiar words (three cells' worth) and splits them into thirds by ease:
 * the bands are relative to each category so every category gets all three.
 */
export function assignDifficulties<T extends Ranked>(candidates: T[], familiarity = (c: T) => c.zipf) {
  const kept = [...candidates]
    .sort((a, b) => familiarity(b) - familiarity(a) || byWord(a, b))
    .slice(0, CELL_CAP * DIFFICULTIES.length)
    .sort((a, b) => ease(b) - ease(a) || byWord(a, b));
  const third = Math.ceil(kept.length / DIFFICULTIES.length);
  return kept.map((candidate, i) => ({ ...candidate, difficulty: DIFFICULTIES[Math.floor(i / third)]! }));
}
