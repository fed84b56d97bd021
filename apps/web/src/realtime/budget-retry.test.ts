import type { Ack } from '@sayspell/core/protocol/errors';
import { describe, expect, it } from 'vitest';
import { BUDGET_RETRIES, BUDGET_RETRY_MS, emitWithBudgetRetry } from './budget-retry.ts';

const budget: Ack = { ok: false, error: { code: 'RATE_LIMITED', message: 'Too many events.' } };

/** a fake socket answering from a list, and a clock that runs what is scheduled at once */
function setup(answers: Ack[]) {
  const sent: string[] = [];
  const waits: number[] = [];
  const answered: Ack[] = [];
  const emit = (payload: string, ack: (a: Ack) => void) => {
    sent.push(payload);
    ack(answers.shift() ?? { ok: true });
  };
  const later = (run: () => void, ms: number) => {
    waits.push(ms);
    run();
  };
  return { sent, waits, answered, emit, later, onAnswer: (a: Ack) => answered.push(a) };
}

describe('emitWithBudgetRetry', () => {
  it('sends an event the budget refused again, a little later each time, until it goes', () => {
    const t = setup([budget, budget, { ok: true }]);
    emitWithBudgetRetry(t.emit, 'offer', { live: () => true, later: t.later, onAnswer: t.onAnswer });
    expect(t.sent).toEqual(['offer', 'offer', 'offer']);
    expect(t.waits).toEqual([BUDGET_RETRY_MS, 2 * BUDGET_RETRY_MS]);
    expect(t.answered).toEqual([{ ok: true }]);
  });

  it('gives up after a few tries and hands on the last refusal', () => {
    const t = setup(Array(20).fill(budget));
    emitWithBudgetRetry(t.emit, 'candidate', { live: () => true, later: t.later, onAnswer: t.onAnswer });
    expect(t.sent).toHaveLength(BUDGET_RETRIES + 1);
    expect(t.answered).toEqual([budget]);
  });

  it('does not send again any other refusal, nor once the page or call is gone', () => {
    const refusal: Ack = { ok: false, error: { code: 'VALIDATION', message: 'A bad signal.' } };
    const refused = setup([refusal]);
    emitWithBudgetRetry(refused.emit, 'offer', {
      live: () => true,
      later: refused.later,
      onAnswer: refused.onAnswer,
    });
    expect(refused.sent).toEqual(['offer']);
    expect(refused.answered).toEqual([refusal]);
    const over = setup([budget, budget]);
    emitWithBudgetRetry(over.emit, 'offer', {
      live: () => false,
      later: over.later,
      onAnswer: over.onAnswer,
    });
    expect(over.sent).toEqual(['offer']);
    expect(over.answered).toEqual([]);
  });
});
