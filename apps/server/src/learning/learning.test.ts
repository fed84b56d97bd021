import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickAdaptive } from './adaptive-pick.ts';
import { expectedSuccess, initialWordRating, START_RATING, updateRatings } from './elo.ts';
import { BOX_DAYS, DAY_MS, isDue, nextSchedule } from './leitner.ts';

describe('elo', () => {
  it('a right answer raises the player and lowers the word; a miss does the opposite', () => {
    fc.assert(
      fc.property(fc.integer({ min: 800, max: 2400 }), fc.integer({ min: 800, max: 2400 }), (p, w) => {
        const right = updateRatings({ rating: p, games: 5 }, { rating: w, games: 5 }, true);
        expect(right.player).toBeGreaterThan(p);
        expect(right.word).toBeLessThan(w);
        const miss = updateRatings({ rating: p, games: 5 }, { rating: w, games: 5 }, false);
        expect(miss.player).toBeLessThan(p);
        expect(miss.word).toBeGreaterThan(w);
      }),
    );
  });
  it('a harder word is less likely spelled right; words start from their spelling difficulty', () => {
    expect(expectedSuccess(1500, 1500)).toBeCloseTo(0.5);
    expect(expectedSuccess(1500, 1700)).toBeLessThan(expectedSuccess(1500, 1300));
    expect(initialWordRating(8)).toBeGreaterThan(initialWordRating(2));
    expect(initialWordRating(null)).toBe(START_RATING);
  });
});

describe('leitner', () => {
  it('a miss is due the next day; right answers move it up and wait longer; never-missed words are never due', () => {
    const t0 = 1_000_000;
    const missed = nextSchedule(null, false, t0);
    expect(isDue(missed, t0 + DAY_MS - 1)).toBe(false);
    expect(isDue(missed, t0 + DAY_MS)).toBe(true);
    const up = nextSchedule(missed, true, t0 + DAY_MS);
    expect(up).toEqual({ box: 1, dueAt: t0 + DAY_MS + (BOX_DAYS[1] as number) * DAY_MS });
    expect(nextSchedule(up, false, t0 + 5 * DAY_MS).box).toBe(0);
    expect(nextSchedule(null, true, t0)).toEqual({ box: 0, dueAt: null });
  });
});

describe('adaptive pick', () => {
  it('puts unmet words that the player should spell 70–80 % right first', () => {
    const ratings = new Map(
      [1000, 1200, 1310, 1350, 1500, 1800].map((r) => [`w${r}`, { rating: r, games: 0 }] as const),
    );
    const pool = [...ratings.keys()].map((word) => ({ row: { word }, lastSeenAt: null }));
    const picked = pickAdaptive(pool, 1500, ratings).map((r) => r.word);
    for (const w of picked.slice(0, 2)) {
      const e = expectedSuccess(1500, ratings.get(w)?.rating ?? 0);
      expect(e).toBeGreaterThanOrEqual(0.7);
      expect(e).toBeLessThanOrEqual(0.8);
    }
    // the band is the pool: a met word in it comes after the unmet one, before any out of it
    const met = pickAdaptive(
      pool.map((p) => (p.row.word === 'w1310' ? { ...p, lastSeenAt: 5 } : p)),
      1500,
      ratings,
    ).map((r) => r.word);
    expect(met.slice(0, 2)).toEqual(['w1350', 'w1310']);
  });
});

describe('memory in the adaptive loop', () => {
  it('a right answer from memory moves the ratings less than one from skill; a miss moves them the same', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 800, max: 2400 }),
        fc.integer({ min: 800, max: 2400 }),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        (p, w, recall) => {
          const player = { rating: p, games: 50 };
          const word = { rating: w, games: 50 };
          const fromSkill = updateRatings(player, word, true);
          const fromMemory = updateRatings(player, word, true, recall);
          expect(fromMemory.player).toBeGreaterThan(p);
          expect(fromMemory.player).toBeLessThan(fromSkill.player);
          expect(fromMemory.word).toBeGreaterThan(fromSkill.word);
          expect(updateRatings(player, word, false, recall).player).toBeCloseTo(
            updateRatings(player, word, false).player,
          );
        },
      ),
    );
  });

  it('with no words in the band, mixes easier and harder ones to average 70–80 %', () => {
    // a weak player: unmet words all hard, a few remembered words easy
    const ratings = new Map<string, { rating: number; games: number }>();
    for (let i = 0; i < 20; i++) ratings.set(`hard${i}`, { rating: 1300 + 10 * i, games: 0 });
    for (let i = 0; i < 20; i++) ratings.set(`easy${i}`, { rating: 500 + 10 * i, games: 0 });
    const pool = [...ratings.keys()].map((word) => ({ row: { word }, lastSeenAt: null }));
    const game = pickAdaptive(pool, 1100, ratings).slice(0, 10);
    const mean = game.reduce((s, r) => s + expectedSuccess(1100, ratings.get(r.word)?.rating ?? 0), 0) / 10;
    expect(mean).toBeGreaterThanOrEqual(0.7);
    expect(mean).toBeLessThanOrEqual(0.8);
    expect(game.some((r) => r.word.startsWith('hard'))).toBe(true);
    expect(game.some((r) => r.word.startsWith('easy'))).toBe(true);
  });
});
