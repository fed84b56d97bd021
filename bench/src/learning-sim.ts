import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pickAdaptive } from '@sayspell/server/learning/adaptive-pick';
import {
  expectedSuccess,
  initialWordRating,
  type Rated,
  START_RATING,
  updateRatings,
} from '@sayspell/server/learning/elo';
import { DAY_MS, isDue, nextSchedule, type Schedule } from '@sayspell/server/learning/leitner';
import { ratingForPlayer, recallChance } from '@sayspell/server/learning/memory-term';

// the learning loop, simulated (issue 17): players with a hidden true skill play 200 games each
// (two a day for 100 days) with the server's own rating, picking and scheduling code. the words'
// true difficulty is their spelling score plus noise (the score is an estimate). a word met is
// remembered along a forgetting curve: recall = exp(-days since / stability), and stability grows
// each time it is recalled. the player spells a word right when either their skill or their
// memory of it carries them. one game a day is adaptive; the other is either 'Practice my words'
// (leitner, topped up adaptively) or ten random words. a week after the last game, every word the
// player ever missed is tested.

const PLAYERS = 40;
const DAYS = 100;
const WORDS_PER_GAME = 10;

let seed = 17;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const gauss = () => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());

const bank = JSON.parse(readFileSync(new URL('../../data/words/en.json', import.meta.url), 'utf8')) as {
  words: { word: string; category: string; difficultyScore: number | null }[];
};
const pool = [...new Map(bank.words.map((w) => [w.word, w])).values()].filter((w) => w.category === 'random');
const trueDifficulty = new Map(
  pool.map((w) => [w.word, initialWordRating(w.difficultyScore) + 150 * gauss()]),
);

interface Memory extends Schedule {
  right: number;
  lastAt: number;
  stability: number;
  lastSeenAt: number;
  missedEver: boolean;
}

/** withMemory: the adaptive pick folds the player's memory of each word into its rating, and the
 * rating update leaves out what memory carried, as the server does (learning/memory-term.ts,
 * elo.ts); without: the shared ratings alone */
function simulate(second: 'practice' | 'random', withMemory = true) {
  seed = 17;
  const wordRatings = new Map<string, Rated>(
    pool.map((w) => [w.word, { rating: initialWordRating(w.difficultyScore), games: 0 }]),
  );
  const players: {
    skill: number;
    adaptiveRight: number;
    adaptiveSeen: number;
    recall: number;
    missed: number;
  }[] = [];
  for (let p = 0; p < PLAYERS; p++) {
    const skill = 1100 + (800 * p) / (PLAYERS - 1);
    const rating: Rated = { rating: START_RATING, games: 0 };
    const memory = new Map<string, Memory>();
    let adaptiveRight = 0;
    let adaptiveSeen = 0;
    let nowOfPick = 0;
    const chance = (word: string, now: number) => {
      const own = expectedSuccess(skill, trueDifficulty.get(word) ?? START_RATING);
      const m = memory.get(word);
      const recall = m ? Math.exp(-(now - m.lastAt) / DAY_MS / m.stability) : 0;
      return 1 - (1 - own) * (1 - recall);
    };
    const meet = (word: string, now: number, counted: boolean) => {
      const right = rand() < chance(word, now);
      const m = memory.get(word);
      const wr = wordRatings.get(word) ?? { rating: START_RATING, games: 0 };
      // with the memory term, a word remembered does not count as skill (as the server updates)
      const recall = withMemory && m ? recallChance({ ...m, lastSeenAt: m.lastAt }, now) : 0;
      const next = updateRatings(rating, wr, right, recall);
      rating.rating = next.player;
      rating.games++;
      wordRatings.set(word, { rating: next.word, games: wr.games + 1 });
      const schedule = nextSchedule(m ?? null, right, now);
      // the results show the spelling: a miss is learnt afresh, a recall makes it last longer
      const stability = !m || !right ? 1 : m.stability * 2.5;
      memory.set(word, {
        ...schedule,
        right: (m?.right ?? 0) + (right ? 1 : 0),
        lastAt: now,
        stability,
        lastSeenAt: now,
        missedEver: !!m?.missedEver || !right,
      });
      if (counted) {
        adaptiveSeen++;
        if (right) adaptiveRight++;
      }
    };
    const adaptive = (n: number, skip: Set<string>) => {
      const candidates = pool
        .filter((w) => !skip.has(w.word))
        .map((w) => ({ row: w, lastSeenAt: memory.get(w.word)?.lastSeenAt ?? null }));
      candidates.sort(() => rand() - 0.5);
      let ratings = wordRatings;
      if (withMemory) {
        const now = nowOfPick;
        ratings = new Map(wordRatings);
        for (const [w, m] of memory) {
          const r = wordRatings.get(w);
          if (r)
            ratings.set(w, {
              ...r,
              rating: ratingForPlayer(
                rating.rating,
                r.rating,
                recallChance({ ...m, lastSeenAt: m.lastAt }, now),
              ),
            });
        }
      }
      return pickAdaptive(candidates, rating.rating, ratings)
        .slice(0, n)
        .map((w) => w.word);
    };
    for (let day = 0; day < DAYS; day++) {
      const now = day * DAY_MS;
      nowOfPick = now;
      // game 1: adaptive; the first 20 games are the rating's warm-up and not counted
      for (const w of adaptive(WORDS_PER_GAME, new Set())) meet(w, now, day >= 10);
      const later = now + DAY_MS / 2;
      nowOfPick = later;
      let words: string[];
      if (second === 'practice') {
        const due = [...memory.entries()]
          .filter(([, m]) => isDue(m, later))
          .sort((a, b) => (a[1].dueAt ?? 0) - (b[1].dueAt ?? 0))
          .slice(0, WORDS_PER_GAME)
          .map(([w]) => w);
        words = [...due, ...adaptive(WORDS_PER_GAME - due.length, new Set(due))];
      } else {
        words = Array.from(
          { length: WORDS_PER_GAME },
          () => pool[Math.floor(rand() * pool.length)]?.word ?? '',
        );
      }
      for (const w of words) meet(w, later, false);
    }
    const testAt = (DAYS + 7) * DAY_MS;
    const missed = [...memory.entries()].filter(([, m]) => m.missedEver).map(([w]) => w);
    const recall = missed.reduce((s, w) => s + chance(w, testAt), 0) / Math.max(1, missed.length);
    players.push({ skill, adaptiveRight, adaptiveSeen, recall, missed: missed.length });
  }
  return players;
}

const practice = simulate('practice');
const random = simulate('random');
const noMemory = simulate('practice', false);
const rateOf = (ps: typeof practice) => ps.map((p) => p.adaptiveRight / p.adaptiveSeen);
const rates = practice.map((p) => p.adaptiveRight / p.adaptiveSeen);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const result = {
  players: PLAYERS,
  gamesEach: DAYS * 2,
  poolWords: pool.length,
  adaptive: {
    meanRight: mean(rates),
    minRight: Math.min(...rates),
    maxRight: Math.max(...rates),
    playersIn70to80: rates.filter((r) => r >= 0.7 && r <= 0.8).length,
    outOf70to80: practice
      .map((p, i) => ({ skill: Math.round(p.skill), right: Number((rates[i] ?? 0).toFixed(3)) }))
      .filter((p) => p.right < 0.7 || p.right > 0.8),
  },
  adaptiveWithoutMemoryTerm: {
    meanRight: mean(rateOf(noMemory)),
    playersIn70to80: rateOf(noMemory).filter((r) => r >= 0.7 && r <= 0.8).length,
  },
  recallOfMissedAfterAWeek: {
    practice: mean(practice.map((p) => p.recall)),
    random: mean(random.map((p) => p.recall)),
  },
  bySkill: practice
    .filter((_, i) => i % 8 === 0 || i === PLAYERS - 1)
    .map((p, i) => ({
      skill: Math.round(p.skill),
      adaptiveRight: Number((p.adaptiveRight / p.adaptiveSeen).toFixed(3)),
      recallPractice: Number(p.recall.toFixed(3)),
      recallRandom: Number((random.find((r) => r.skill === p.skill)?.recall ?? 0).toFixed(3)),
      missedWords: p.missed,
      i,
    })),
};
mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../results/learning-sim.json', import.meta.url),
  `${JSON.stringify(result, null, 2)}\n`,
);
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
