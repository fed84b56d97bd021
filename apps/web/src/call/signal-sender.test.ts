import type { Ack } from '@sayspell/core/protocol/errors';
import { describe, expect, it } from 'vitest';
import { SIGNAL_RETRIES, SIGNAL_RETRY_MS, sendSignal } from './signal-sender.ts';

const budget: Ack = { ok: false, error: { code: 'RATE_LIMITED', message: 'Too many events.' } };

/** a fake socket answering from a list, and a clock that runs what is scheduled at once */
function setup(answers: Ack[]) {
  const sent: string[] = [];
  const waits: number[] = [];
  const emit = (signal: string, ack: (a: Ack) => void) => {
    sent.push(signal);
    ack(answers.shift() ?? { ok: true });
  };
  const later = (run: () => void, ms: number) => {
    waits.push(ms);
    run();
  };
  return { sent, waits, emit, later };
}

describe('sendSignal', () => {
  it('sends a signal the event budget refused again, a little later each time, until it goes', () => {
    const { sent, waits, emit, later } = setup([budget, budget, { ok: true }]);
    sendSignal(emit, 'offer', () => true, later);
    expect(sent).toEqual(['offer', 'offer', 'offer']);
    expect(waits).toEqual([SIGNAL_RETRY_MS, 2 * SIGNAL_RETRY_MS]);
  });

  it('gives up after a few tries', () => {
    const { sent, emit, later } = setup(Array(20).fill(budget));
    sendSignal(emit, 'candidate', () => true, later);
    expect(sent).toHaveLength(SIGNAL_RETRIES + 1);
  });

  it('does not send again any other refusal, nor once the call is over', () => {
    const refused = setup([{ ok: false, error: { code: 'VALIDATION', message: 'A bad signal.' } }]);
    sendSignal(refused.emit, 'offer', () => true, refused.later);
    expect(refused.sent).toEqual(['offer']);
    const over = setup([budget, budget]);
    sendSignal(over.emit, 'offer', () => false, over.later);
    expect(over.sent).toEqual(['offer']);
  });
});
