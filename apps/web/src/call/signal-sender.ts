import type { Ack } from '@sayspell/core/protocol/errors';

// a call's signals (offers, answers, ICE candidates) travel as socket events and count against the
// socket's event budget (10 a second after a burst of 30), which the game's handshakes share. a
// signal the budget refused used to be dropped: the negotiation it belonged to never finished, and
// a later ICE restart could not start (an e2e run, 2026-11-27). it is sent again a little later.

export const SIGNAL_RETRIES = 5;
export const SIGNAL_RETRY_MS = 400;

/**
 * sends `signal` with `emit`; a refusal for the budget is sent again after SIGNAL_RETRY_MS × the
 * attempt, at most SIGNAL_RETRIES times, while `live()` (the call is still on). any other answer is
 * final: a signal the server refuses for what it says is not sent twice
 */
export function sendSignal<S>(
  emit: (signal: S, ack: (answer: Ack) => void) => void,
  signal: S,
  live: () => boolean,
  later: (run: () => void, ms: number) => void = (run, ms) => window.setTimeout(run, ms),
  attempt = 0,
): void {
  emit(signal, (answer) => {
    if (answer?.ok !== false || answer.error.code !== 'RATE_LIMITED') return;
    if (attempt >= SIGNAL_RETRIES || !live()) return;
    later(
      () => {
        if (live()) sendSignal(emit, signal, live, later, attempt + 1);
      },
      SIGNAL_RETRY_MS * (attempt + 1),
    );
  });
}
