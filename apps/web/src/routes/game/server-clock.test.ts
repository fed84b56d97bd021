import type { GameView } from '@sayspell/core/protocol/game';
import { describe, expect, it } from 'vitest';
import { formatClock, gamePhase, msToNextTick } from './server-clock.ts';

const base = { status: 'started', finished: false, startsAt: 10_000, endsAt: 100_000 } as GameView;

describe('gamePhase', () => {
  it('waits while the game has not started', () => {
    expect(gamePhase({ ...base, status: 'created', startsAt: null, endsAt: null }, 0)).toEqual({
      kind: 'waiting',
    });
  });

  it('counts down 5…1 to the start', () => {
    expect(gamePhase(base, 5_000)).toEqual({ kind: 'countdown', seconds: 5 });
    expect(gamePhase(base, 5_001)).toEqual({ kind: 'countdown', seconds: 5 });
    expect(gamePhase(base, 9_999)).toEqual({ kind: 'countdown', seconds: 1 });
  });

  it('then runs the game clock to the deadline', () => {
    expect(gamePhase(base, 10_000)).toEqual({ kind: 'playing', secondsLeft: 90, totalSeconds: 90 });
    expect(gamePhase(base, 99_001)).toEqual({ kind: 'playing', secondsLeft: 1, totalSeconds: 90 });
    expect(gamePhase(base, 100_000)).toEqual({ kind: 'over' });
    expect(gamePhase({ ...base, finished: true, status: 'finished' }, 20_000)).toEqual({ kind: 'over' });
  });
});

describe('clock helpers', () => {
  it('formats m:ss with padded seconds', () => {
    expect(formatClock(90)).toBe('1:30');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(9)).toBe('0:09');
    expect(formatClock(-3)).toBe('0:00');
  });

  it('aligns ticks to whole seconds from the start', () => {
    expect(msToNextTick(10_000, 5_300)).toBe(700);
    expect(msToNextTick(10_000, 12_250)).toBe(750);
    expect(msToNextTick(10_000, 11_000)).toBe(1000);
  });
});
