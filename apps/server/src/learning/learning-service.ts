import type { GameState } from '@sayspell/core/game/types';
import type { GameView } from '@sayspell/core/protocol/game';
import type { LearningProgress } from '@sayspell/core/protocol/learning';
import { DomainError } from '../errors.ts';
import { type Rated, START_RATING } from './elo.ts';
import {
  type GuessMet,
  guessesMet,
  type LearningWriter,
  sharedRatings,
  writeGuessesMet,
} from './learning-batch.ts';
import type { LearningRepository } from './learning-repository.ts';
import { DAY_MS } from './leitner.ts';
import { ratingForPlayer, recallChance } from './memory-term.ts';
import { streakOf, utcDay } from './streak.ts';

// the learning loop's writes and counts: each guess updates the speller's memory of the word,
// its leitner schedule and both ratings (issue 17)

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** how long a guess's learning update waits to be written with others */
const FLUSH_MS = 1000;
/** a batch this big is written at once */
const FLUSH_AT = 500;

export function createLearningService(deps: {
  repo: LearningRepository;
  /** FLUSH_MS unless a test says otherwise */
  flushMs?: number;
  clock: { now(): number };
  /** a learning update that failed: logged, never thrown at the guess it came from */
  onError?: (err: unknown) => void;
  /**
   * where the batches are written: on this thread by default; the embedded database passes its
   * own thread's (db/pglite-thread.ts), so that their statements never hold the games' event loop
   */
  write?: LearningWriter;
}) {
  const { repo, clock } = deps;
  const onError = (err: unknown) => deps.onError?.(err);
  const write: LearningWriter = deps.write ?? ((met, now, failed) => writeGuessesMet(repo, met, now, failed));
  // the learning updates are written behind the games (issue 16: a guess costs the owner's append,
  // not eight queries): guesses wait in memory for at most flushMs, then every waiting guess is
  // written in one transaction. a read of a player's learning first writes what waits for them, so
  // it sees every guess they made on this instance. what waits is lost with the process, as a
  // queued update was before; a game rebuilt from the database counts its guesses again (replay)
  const flushMs = deps.flushMs ?? FLUSH_MS;
  let waiting: GuessMet[] = [];
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
      .then(() => write(items, clock.now(), onError))
      .catch(onError)
      .finally(() => done.resolve());
    return written;
  }

  function enqueue(state: GameState, index: number): Promise<void> {
    // what is counted of the guess, taken now: the game's state is not held until the write
    const met = guessesMet([{ state, index }]);
    if (met.length === 0) return written;
    waiting.push(...met);
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
    const out = await sharedRatings(repo, language, list);
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

  async function ratingOf(userId: string): Promise<Rated> {
    const [r] = await repo.ratings('player', [userId]);
    return r ? { rating: r.rating, games: r.games } : { rating: START_RATING, games: 0 };
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
