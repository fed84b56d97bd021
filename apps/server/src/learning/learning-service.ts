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

export function createLearningService(deps: {
  repo: LearningRepository;
  clock: { now(): number };
  /** a learning update that failed: logged, never thrown at the guess it came from */
  onError?: (err: unknown) => void;
}) {
  const { repo, clock } = deps;
  // each player's learning updates, one after another in the order of their guesses (issue 16: off
  // the guess's answer). a read of a player's learning waits for their queue on this instance, so
  // it sees every guess they made here
  const pending = new Map<string, Promise<void>>();

  function queue(userId: string, run: () => Promise<void>): Promise<void> {
    const next = (pending.get(userId) ?? Promise.resolve()).then(run).catch((err) => deps.onError?.(err));
    pending.set(userId, next);
    void next.then(() => {
      if (pending.get(userId) === next) pending.delete(userId);
    });
    return next;
  }

  /** once every learning update of this player queued so far has been written (or failed) */
  const settled = (userId: string): Promise<void> => pending.get(userId) ?? Promise.resolve();

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

  /** the speller met word `index` of the game; a guess already counted (lastGuess) counts nothing */
  async function apply(state: GameState, index: number): Promise<void> {
    const slot = state.words[index];
    if (!slot || slot.correct === null || slot.guess === null) return;
    const right = slot.correct;
    const userId = state.spellerId;
    const now = clock.now();
    const guessKey = `${state.id}:${index}`;
    const before = await repo.memoryOfWord(userId, state.language, slot.word);
    if (before?.lastGuess === guessKey) return;
    const schedule = nextSchedule(before ?? null, right, now);
    const counts = {
      seen: (before?.seen ?? 0) + 1,
      right: (before?.right ?? 0) + (right ? 1 : 0),
      missed: (before?.missed ?? 0) + (right ? 0 : 1),
    };
    const row = { ...counts, ...schedule, lastSeenAt: now, lastGuess: guessKey };
    await repo.saveMemory({ userId, language: state.language, word: slot.word, ...row });
    await repo.countGuess(userId, utcDay(now), right, !before);

    const player = await ratingOf(userId);
    const word = (await sharedRatings(state.language, [slot.word])).get(slot.word) ?? {
      rating: START_RATING,
      games: 0,
    };
    const next = updateRatings(player, word, right);
    await repo.saveRating('player', userId, next.player, player.games + 1);
    await repo.saveRating('word', wordKey(state.language, slot.word), next.word, word.games + 1);
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
    guessed: (state: GameState, index: number): Promise<void> =>
      queue(state.spellerId, () => apply(state, index)),

    /**
     * a game rebuilt from the database (a restart, another instance's death): its guesses are
     * counted again, those already counted skipped (an owner killed after answering a guess and
     * before its learning update was written)
     */
    replay(state: GameState): Promise<void> {
      let last = settled(state.spellerId);
      for (const [i, w] of state.words.entries()) {
        if (w.used && w.guess !== null) last = queue(state.spellerId, () => apply(state, i));
      }
      return last;
    },

    settled,

    /** every queued learning update written (the server closing) */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending.values());
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
