import { expectedSuccess } from './elo.ts';
import { DAY_MS } from './leitner.ts';

// the player's own memory of a word, in the chance to spell it right. elo alone rates a word the
// same for everyone, but a word a player met yesterday is easier for them than its rating says
// (docs/performance.md, the learning simulation): a forgetting curve recall = exp(-days / stability),
// where stability doubles and a half with each right answer since the last miss (leitner's box counts
// them), and the player spells it right when either skill or memory carries them.

export interface WordMemoryFacts {
  right: number;
  lastSeenAt: number;
  box: number;
  /** null: never missed */
  dueAt: number | null;
}

const GROWTH = 2.5;

/** the chance the player still remembers the spelling they met (0 for a word never met) */
export function recallChance(m: WordMemoryFacts | undefined, now: number): number {
  if (!m) return 0;
  const recalls = m.dueAt === null ? Math.max(0, m.right - 1) : m.box;
  const stabilityDays = GROWTH ** recalls;
  const days = Math.max(0, now - m.lastSeenAt) / DAY_MS;
  return Math.exp(-days / stabilityDays);
}

/** skill or memory: the chance to spell it right */
export function expectedWithMemory(player: number, word: number, recall: number): number {
  return 1 - (1 - expectedSuccess(player, word)) * (1 - recall);
}

/** the word's rating as this player meets it: the rating at which elo alone expects the same */
export function ratingForPlayer(player: number, word: number, recall: number): number {
  if (recall <= 0) return word;
  const p = Math.min(0.995, Math.max(0.005, expectedWithMemory(player, word, recall)));
  return player - 400 * Math.log10(p / (1 - p));
}
