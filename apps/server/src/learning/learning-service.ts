import type { GameState } from '@sayspell/core/game/types';
import type { GameView } from '@sayspell/core/protocol/game';
import type { LearningProgress } from '@sayspell/core/protocol/learning';
import { DomainError } from '../errors.ts';
import { initialWordRating, type Rated, START_RATING, updateRatings } from './elo.ts';
import type { LearningRepository } from './learning-repository.ts';
import { DAY_MS, nextSchedule } from './leitner.ts';
import { ratingForPlayer, recallChance } from './memory-term.ts';
import { streakOf, utcDay } from './streak.ts';

// the learning loop's writes and counts: each guess updates the speller's memory of the word,
// its leitner schedule and both ratings (issue 17)

export const wordKey = (language: string, word: string) => `${language}:${word}`;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
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

/** how long a guess's learning update waits to be written with others */
const FLUSH_MS = 1000;
/** a batch this big is written at once */
const FLUSH_AT = 500;
/**
 * the guesses one write holds at most. the embedded database runs one statement at a time: a
 * second's worth of 200 games' guesses in one write held the appends behind it for tens of ms
 * (issue 16's B1: partner p99 24 ms with the writes, 8 ms without). the embedded instance now
 * journals its guesses, so no answer waits for PGlite; parts of 120 were still worse than parts
 * of 12 (B1 p99 12.1 against 6.5 ms, one round each): a part's work on the server's own thread (the
 * batch's ratings and memories, its JSON) is done per part, and one big part holds the event loop
 */
export const WRITE_AT_MOST = 12;

export function createLearningService(deps: {
  repo: LearningRepository;
  /** FLUSH_MS unless a test says otherwise */
  flushMs?: number;
  clock: { now(): number };
  /** a learning update that failed: logged, never thrown at the guess it came from */
  onError?: (err: unknown) => void;
}) {
  const { repo, clock } = deps;
  // the learning updates are written behind the games (issue 16: a guess costs the owner's append,
  // not eight queries): guesses wait in memory for at most flushMs, then every waiting guess is
  // written in one transaction. a read of a player's learning first writes what waits for them, so
  // it sees every guess they made on this instance. what waits is lost with the process, as a
  // queued update was before; a game rebuilt from the database counts its guesses again (replay)
  const flushMs = deps.flushMs ?? FLUSH_MS;
  let waiting: { state: GameState; index: number }[] = [];
  const waitingFor = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  /** the writes, one after another; never rejects (a failure is logged) */
  let written: Promise<void> = Promise.resolve();
  /** resolves once the guesses waiting now are written */
  let nextWrite = deferred();

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return written;
    const items = waiting;
    const done = nextWrite;
    waiting = [];
    waitingFor.clear();
    nextWrite = deferred();
    written = written
      .then(() => writeInParts(items))
      .catch((err) => deps.onError?.(err))
      .finally(() => done.resolve());
    return written;
  }

  function enqueue(state: GameState, index: number): Promise<void> {
    waiting.push({ state, index });
    waitingFor.add(state.spellerId);
    const mine = nextWrite.promise;
    if (waiting.length >= FLUSH_AT) void flush();
    else if (!timer) {
      timer = setTimeout(() => void flush(), flushMs);
      timer.unref();
    }
    return mine;
  }

  /** once every learning update of this player made so far has been written (or failed) */
  const settled = (userId: string): Promise<void> => (waitingFor.has(userId) ? flush() : written);

  /**
   * the ratings of these words (from their spelling difficulty until they were played); with a
   * player, as that player meets them: their memory of a word met makes it easier (memory-term.ts)
   */
  async function wordRatings(language: string, list: string[], player?: string): Promise<Map<string, Rated>> {
    const out = await sharedRatings(language, list);
    if (!player) return out;
    await settled(player);
    const [me, memory] = await Promise.all([ratingOf(player), repo.memoryOf(player, language, list)]);
    const now = clock.now();
    for (const m of memory) {
      const r = out.get(m.word);
      if (r) out.set(m.word, { ...r, rating: ratingForPlayer(me.rating, r.rating, recallChance(m, now)) });
    }
    return out;
  }

  async function sharedRatings(language: string, list: string[]): Promise<Map<string, Rated>> {
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

  async function ratingOf(userId: string): Promise<Rated> {
    const [r] = await repo.ratings('player', [userId]);
    return r ? { rating: r.rating, games: r.games } : { rating: START_RATING, games: 0 };
  }

  /** in order, WRITE_AT_MOST guesses at a time; a part that fails is reported and the next goes on */
  async function writeInParts(items: { state: GameState; index: number }[]): Promise<void> {
    for (let i = 0; i < items.length; i += WRITE_AT_MOST) {
      await write(items.slice(i, i + WRITE_AT_MOST)).catch((err) => deps.onError?.(err));
    }
  }

  /** a batch of guesses; if it fails (a player deleted meanwhile), each player's part alone */
  async function write(items: { state: GameState; index: number }[]): Promise<void> {
    try {
      await writeBatch(items);
    } catch (err) {
      const byPlayer = groupBy(items, (i) => i.state.spellerId);
      if (byPlayer.size <= 1) throw err;
      for (const part of byPlayer.values()) await writeBatch(part).catch((e) => deps.onError?.(e));
    }
  }

  /**
   * each guess: the speller met the word. its memory (counts, leitner schedule), the day's counts
   * and both ratings move, in the order of the guesses; a guess already counted (lastGuess, a game
   * replayed) counts nothing. read once, computed here, written once
   */
  async function writeBatch(items: { state: GameState; index: number }[]): Promise<void> {
    const now = clock.now();
    const met = items.flatMap(({ state, index }) => {
      const slot = state.words[index];
      if (!slot || slot.correct === null || slot.guess === null) return [];
      const guess = { userId: state.spellerId, language: state.language, word: slot.word };
      return [{ ...guess, right: slot.correct, guessKey: `${state.id}:${index}` }];
    });
    if (met.length === 0) return;
    const players = [...new Set(met.map((m) => m.userId))];
    const byLanguage = groupBy(met, (m) => m.language);
    const [memories, playerRows, ...wordMaps] = await Promise.all([
      repo.memoriesOf(players, [...new Set(met.map((m) => m.word))]),
      repo.ratings('player', players),
      ...[...byLanguage].map(([language, list]) =>
        sharedRatings(language, [...new Set(list.map((m) => m.word))]),
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

  return {
    wordRatings,
    async playerRating(userId: string): Promise<Rated> {
      await settled(userId);
      return ratingOf(userId);
    },
    now: () => clock.now(),
    wordFacts: repo.wordFacts,

    /**
     * a guess was applied to the game: the speller met this word. queued behind the speller's
     * earlier updates; resolves once written (a failure is logged, never thrown)
     */
    guessed: (state: GameState, index: number): Promise<void> => enqueue(state, index),

    /**
     * a game rebuilt from the database (a restart, another instance's death): its guesses are
     * counted again, those already counted skipped (an owner killed after answering a guess and
     * before its learning update was written)
     */
    replay(state: GameState): Promise<void> {
      let last: Promise<void> = settled(state.spellerId);
      for (const [i, w] of state.words.entries()) {
        if (w.used && w.guess !== null) last = enqueue(state, i);
      }
      return last;
    },

    settled,

    /** every waiting learning update written (the server closing) */
    async idle(): Promise<void> {
      await flush();
    },

    /** days in a row played up to today (or yesterday: today's game may still come) */
    async streak(userId: string): Promise<number> {
      await settled(userId);
      const days = await repo.daysPlayed(userId, 400);
      return streakOf(
        days.map((d) => d.day),
        clock.now(),
      );
    },

    /** what the progress page draws: the last 60 days, the boxes, accuracy by difficulty */
    async progress(userId: string, language?: string): Promise<LearningProgress> {
      await settled(userId);
      const now = clock.now();
      const [played, recent, boxes, counts, byDifficulty, due, player] = await Promise.all([
        repo.daysPlayed(userId, 400),
        repo.daysSince(userId, utcDay(now - 59 * DAY_MS)),
        repo.boxes(userId, language),
        repo.counts(userId, language),
        repo.byDifficulty(userId, language),
        this.dueCount(userId, language),
        ratingOf(userId),
      ]);
      const perBox = new Map(boxes.map((b) => [b.box, b.words]));
      const order = ['beginner', 'intermediate', 'advanced'] as const;
      return {
        streak: streakOf(
          played.map((d) => d.day),
          now,
        ),
        due,
        rating: Math.round(player.rating),
        met: counts.met,
        mastered: counts.mastered,
        known: counts.known,
        days: recent,
        boxes: [0, 1, 2, 3, 4, 5].map((box) => ({ box, words: perBox.get(box) ?? 0 })),
        byDifficulty: order.map(
          (difficulty) =>
            byDifficulty.find((d) => d.difficulty === difficulty) ?? { difficulty, guesses: 0, right: 0 },
        ),
      };
    },

    /** the words this player missed as the speller of a finished game come back first in practice */
    async practiseAgain(userId: string, game: GameView): Promise<number> {
      if (game.speller?._id !== userId) {
        throw new DomainError('NOT_THE_SPELLER', 'Only the speller of this game can practise its words.');
      }
      if (!game.finished) throw new DomainError('NOT_STARTED', 'This game has not finished yet.');
      const missed = game.words.flatMap((w) => (w.correct === false && w.word ? [w.word.word] : []));
      if (missed.length === 0) {
        throw new DomainError('NOT_ENOUGH_WORDS', 'You missed no words in this game: nothing to practise.');
      }
      await settled(userId);
      return repo.bringForward(userId, game.language.name, missed);
    },

    /** how many of the player's words are due for practice now */
    async dueCount(userId: string, language?: string): Promise<number> {
      await settled(userId);
      return repo.dueCount(userId, clock.now(), language);
    },

    /** the words the player met, the ones due soonest first (the progress page) */
    async wordsOf(userId: string, language?: string, limit = 500) {
      await settled(userId);
      return repo.wordsMet(userId, language, limit);
    },

    /** the player's memory of one word (tests, the progress page later) */
    async memoryOf(userId: string, language: string, word: string) {
      await settled(userId);
      return repo.memoryOfWord(userId, language, word);
    },
  };
}

export type LearningService = ReturnType<typeof createLearningService>;
