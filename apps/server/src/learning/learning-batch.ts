import type { GameState } from '@sayspell/core/game/types';
import { initialWordRating, type Rated, START_RATING, updateRatings } from './elo.ts';
import type { LearningRepository } from './learning-repository.ts';
import { nextSchedule } from './leitner.ts';
import { recallChance } from './memory-term.ts';
import { utcDay } from './streak.ts';

// the learning loop's write of a batch of guesses (issue 17), on its own: read the memories and
// ratings the guesses touch, move them in the guesses' order, write them in one statement. it
// needs a repository and the time, nothing of the server, so the embedded database's own thread
// can run it beside PGlite (db/pglite-worker.ts): there its statements and their results never
// cross to the server's thread, whose event loop the games share (issue 16's B1 tail)

export const wordKey = (language: string, word: string) => `${language}:${word}`;

/** one guess as the learning loop counts it: who met which word, and how it went */
export interface GuessMet {
  userId: string;
  language: string;
  word: string;
  right: boolean;
  /** `${gameId}:${index}`: a guess already counted (a game replayed) counts nothing */
  guessKey: string;
}

/**
 * the guesses one write holds at most, on the server's thread (PostgreSQL). the embedded database
 * runs one statement at a time: a second's worth of 200 games' guesses in one write held the
 * appends behind it for tens of ms (issue 16's B1: partner p99 24 ms with the writes, 8 ms
 * without). the embedded instance now journals its guesses, so no answer waits for PGlite; parts
 * of 120 were still worse than parts of 12 (B1 p99 12.1 against 6.5 ms, one round each): a part's
 * work on the server's own thread (the batch's ratings and memories, its JSON) is done per part,
 * and one big part holds the event loop
 */
export const WRITE_AT_MOST = 12;

/**
 * the same, on the embedded database's own thread (db/pglite-worker.ts), where a part's work holds
 * no event loop of the server's: a second's guesses of 200 games in one part is five statements
 * instead of thirty, and PGlite costs about a millisecond a statement whatever its size. a part
 * then holds PGlite for ≈ 10 ms, which only statements off a guess's path wait for (a start's or
 * a finish's snapshot, in a lane of their own since guesses are journaled: game-owner.ts; a
 * session's first check). B1 at 1,000 games, side by side: partner p99 4.95 ms against 6.81 with
 * parts of 12 (relay 4.0), cpu per guess 0.91 against 1.04 ms
 */
export const WRITE_AT_MOST_ON_DATABASE_THREAD = 120;

/** the guesses of these game states that the learning loop counts (a slot answered) */
export function guessesMet(items: { state: GameState; index: number }[]): GuessMet[] {
  return items.flatMap(({ state, index }) => {
    const slot = state.words[index];
    if (!slot || slot.correct === null || slot.guess === null) return [];
    return [
      {
        userId: state.spellerId,
        language: state.language,
        word: slot.word,
        right: slot.correct,
        guessKey: `${state.id}:${index}`,
      },
    ];
  });
}

function groupBy<T>(list: T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of list) {
    const group = out.get(key(item));
    if (group) group.push(item);
    else out.set(key(item), [item]);
  }
  return out;
}

/** the ratings of these words, shared by every player: from their spelling difficulty until played */
export async function sharedRatings(
  repo: LearningRepository,
  language: string,
  list: string[],
): Promise<Map<string, Rated>> {
  const out = new Map<string, Rated>();
  if (list.length === 0) return out;
  for (const r of await repo.bankScores(language, list)) {
    out.set(r.word, { rating: initialWordRating(r.score), games: 0 });
  }
  const rated = await repo.ratings(
    'word',
    list.map((w) => wordKey(language, w)),
  );
  for (const r of rated) out.set(r.key.slice(language.length + 1), { rating: r.rating, games: r.games });
  return out;
}

/**
 * writes the guesses in order, `atMost` at a time. a part that fails is written again player
 * by player (one player deleted meanwhile costs the others nothing); what still fails is reported
 * and the next part goes on
 */
export async function writeGuessesMet(
  repo: LearningRepository,
  met: GuessMet[],
  now: number,
  onError: (err: unknown) => void,
  atMost = WRITE_AT_MOST,
): Promise<void> {
  for (let i = 0; i < met.length; i += atMost) {
    const part = met.slice(i, i + atMost);
    try {
      await writePart(repo, part, now);
    } catch (err) {
      const byPlayer = groupBy(part, (m) => m.userId);
      if (byPlayer.size <= 1) {
        onError(err);
        continue;
      }
      for (const mine of byPlayer.values()) await writePart(repo, mine, now).catch(onError);
    }
  }
}

/**
 * each guess: the speller met the word. its memory (counts, leitner schedule), the day's counts
 * and both ratings move, in the order of the guesses; a guess already counted (lastGuess, a game
 * replayed) counts nothing. read once, computed here, written once
 */
async function writePart(repo: LearningRepository, met: GuessMet[], now: number): Promise<void> {
  if (met.length === 0) return;
  const players = [...new Set(met.map((m) => m.userId))];
  const byLanguage = groupBy(met, (m) => m.language);
  const [memories, playerRows, ...wordMaps] = await Promise.all([
    repo.memoriesOf(met),
    repo.ratings('player', players),
    ...[...byLanguage].map(([language, list]) =>
      sharedRatings(repo, language, [...new Set(list.map((m) => m.word))]),
    ),
  ]);
  const memoryKey = (m: { userId: string; language: string; word: string }) =>
    `${m.userId}\u0000${m.language}\u0000${m.word}`;
  const memory = new Map(memories.map((m) => [memoryKey(m), m]));
  const playerRatings = new Map<string, Rated>(playerRows.map((r) => [r.key, r]));
  const wordRatings = new Map<string, Rated>();
  for (const [i, language] of [...byLanguage.keys()].entries()) {
    for (const [word, r] of wordMaps[i]!) wordRatings.set(wordKey(language, word), r);
  }
  const changed = new Set<string>();
  const movedPlayers = new Set<string>();
  const movedWords = new Set<string>();
  const day = utcDay(now);
  /** each player's counts for the day (a batch is one moment) */
  const days = new Map<
    string,
    { userId: string; day: string; guesses: number; right: number; newWords: number }
  >();
  for (const m of met) {
    const key = memoryKey(m);
    const before = memory.get(key) ?? null;
    if (before?.lastGuess === m.guessKey) continue;
    memory.set(key, {
      userId: m.userId,
      language: m.language,
      word: m.word,
      seen: (before?.seen ?? 0) + 1,
      right: (before?.right ?? 0) + (m.right ? 1 : 0),
      missed: (before?.missed ?? 0) + (m.right ? 0 : 1),
      ...nextSchedule(before, m.right, now),
      lastSeenAt: now,
      lastGuess: m.guessKey,
    });
    changed.add(key);
    const counts = days.get(m.userId) ?? {
      userId: m.userId,
      day,
      guesses: 0,
      right: 0,
      newWords: 0,
    };
    counts.guesses++;
    if (m.right) counts.right++;
    if (!before) counts.newWords++;
    days.set(m.userId, counts);
    const player = playerRatings.get(m.userId) ?? { rating: START_RATING, games: 0 };
    const word = wordRatings.get(wordKey(m.language, m.word)) ?? { rating: START_RATING, games: 0 };
    // what the player remembered is not skill (elo.ts)
    const next = updateRatings(player, word, m.right, recallChance(before ?? undefined, now));
    playerRatings.set(m.userId, { rating: next.player, games: player.games + 1 });
    wordRatings.set(wordKey(m.language, m.word), { rating: next.word, games: word.games + 1 });
    movedPlayers.add(m.userId);
    movedWords.add(wordKey(m.language, m.word));
  }
  if (changed.size === 0) return;
  const moved = (kind: 'player' | 'word', keys: Set<string>, map: Map<string, Rated>) =>
    [...keys].map((key) => ({ kind, key, rating: map.get(key)!.rating, games: map.get(key)!.games }));
  await repo.saveBatch({
    memories: [...changed].map((k) => memory.get(k)!),
    days: [...days.values()],
    ratings: [...moved('player', movedPlayers, playerRatings), ...moved('word', movedWords, wordRatings)],
  });
}

/** where a batch is written: on the server's thread by default, or the embedded database's own */
export type LearningWriter = (met: GuessMet[], now: number, onError: (err: unknown) => void) => Promise<void>;
