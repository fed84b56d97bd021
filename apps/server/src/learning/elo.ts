// one scale for players and words (elo, as chess tactics trainers rate players against puzzles):
// a guess is a game between the speller and the word. right: the player wins.

export const START_RATING = 1500;
const SCALE = 400;

/** the chance a player of this rating spells a word of that rating right */
export function expectedSuccess(player: number, word: number): number {
  return 1 / (1 + 10 ** ((word - player) / SCALE));
}

/** new players and new words move fast, settled ones slowly */
export function kFactor(games: number): number {
  return games < 10 ? 64 : games < 40 ? 32 : 16;
}

export interface Rated {
  rating: number;
  games: number;
}

/**
 * the ratings after one guess. recall: the player's memory of the word (memory-term.ts), so that a
 * word they remembered does not count as skill: the update follows the likelihood of
 * p = 1 − (1 − e)(1 − recall), which is elo's own step when recall is 0 (right: k(1 − e), miss:
 * −k·e). a right answer from memory moves the ratings little; a miss, the same as without memory.
 * (without it the simulation's weakest players were rated 300 points above their skill and served
 * words they spelled 56 % right)
 */
export function updateRatings(
  player: Rated,
  word: Rated,
  right: boolean,
  recall = 0,
): { player: number; word: number } {
  const e = expectedSuccess(player.rating, word.rating);
  const p = 1 - (1 - e) * (1 - recall);
  const step = right ? (p > 0 ? ((1 - recall) * e * (1 - e)) / p : 1 - e) : -e;
  return {
    player: player.rating + kFactor(player.games) * step,
    word: word.rating - kFactor(word.games) * step,
  };
}

/** a word's first rating from its spelling difficulty (data/pipeline/spelling-difficulty.ts, ~0–12) */
export function initialWordRating(difficultyScore: number | null): number {
  return difficultyScore === null ? START_RATING : 1200 + 80 * difficultyScore;
}

/** adaptive play aims here: hard enough to learn, easy enough to keep going */
export const TARGET_SUCCESS = { low: 0.7, high: 0.8 } as const;
