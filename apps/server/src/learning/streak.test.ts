import { describe, expect, it } from 'vitest';
import { expectedSuccess } from './elo.ts';
import { DAY_MS } from './leitner.ts';
import { expectedWithMemory, ratingForPlayer, recallChance } from './memory-term.ts';
import { streakOf, utcDay } from './streak.ts';

const noon = Date.UTC(2026, 10, 24, 12);

describe('streak', () => {
  it('counts days in a row up to today, or up to yesterday while today is not played', () => {
    const day = (n: number) => utcDay(noon - n * DAY_MS);
    expect(streakOf([], noon)).toBe(0);
    expect(streakOf([day(0)], noon)).toBe(1);
    expect(streakOf([day(1), day(2)], noon)).toBe(2);
    expect(streakOf([day(0), day(1), day(3)], noon)).toBe(2);
    expect(streakOf([day(2), day(3)], noon)).toBe(0);
  });
});

describe('memory term', () => {
  it('a word met is easier to spell for a while, longer after each right answer', () => {
    const met = { right: 0, lastSeenAt: noon, box: 0, dueAt: noon + DAY_MS };
    expect(recallChance(undefined, noon)).toBe(0);
    expect(recallChance(met, noon)).toBeCloseTo(1);
    const dayLater = recallChance(met, noon + DAY_MS);
    expect(dayLater).toBeCloseTo(Math.exp(-1));
    expect(recallChance({ ...met, box: 2 }, noon + DAY_MS)).toBeGreaterThan(dayLater);
    expect(expectedWithMemory(1500, 1700, dayLater)).toBeGreaterThan(expectedSuccess(1500, 1700));
    // the rating for this player gives elo's own chance the memory's answer
    const r = ratingForPlayer(1500, 1700, dayLater);
    expect(r).toBeLessThan(1700);
    expect(expectedSuccess(1500, r)).toBeCloseTo(expectedWithMemory(1500, 1700, dayLater));
    expect(ratingForPlayer(1500, 1700, 0)).toBe(1700);
  });
});
