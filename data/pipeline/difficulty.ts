export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** at most this many words per category and difficulty. */
export const CELL_CAP = 400;

/** Zipf points one extra letter costs: a long common word is no beginner word. */
export const LETTER_COST = 0.15;
const PLAIN_LENGTH = 6;

export interface Ranked {
  word: string;
  /** SUBTLEX Zipf frequency, higher is more familiar. */
  zipf: number;
}

/** frequency minus a cost for length: the custom-topic generator's bands (the bank grades by spelling) */
export function ease({ word, zipf }: Ranked): number {
  return zipf - LETTER_COST * Math.max(0, word.length - PLAIN_LENGTH);
}

const byWord = (a: Ranked, b: Ranked) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

/**
 * keeps the most familiar words (three cells' worth) and splits them into thirds by spelling
 * difficulty (`score`, higher is harder; worked out for the kept words only): the bands are
 * relative to each category so every category gets all three.
 */
export function assignDifficulties<T extends Ranked>(
  candidates: T[],
  score: (candidate: T) => number,
  familiarity = (c: T) => c.zipf,
) {
  const kept = [...candidates]
    .sort((a, b) => familiarity(b) - familiarity(a) || byWord(a, b))
    .slice(0, CELL_CAP * DIFFICULTIES.length)
    .map((candidate) => ({ ...candidate, difficultyScore: score(candidate) }))
    .sort((a, b) => a.difficultyScore - b.difficultyScore || byWord(a, b));
  const third = Math.ceil(kept.length / DIFFICULTIES.length);
  return kept.map((candidate, i) => ({ ...candidate, difficulty: DIFFICULTIES[Math.floor(i / third)]! }));
}
