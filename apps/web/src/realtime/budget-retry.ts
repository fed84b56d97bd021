import type { Ack } from '@sayspell/core/protocol/errors';

// every client event counts against the socket's event budget (10 a second after a burst of 30,
// server: realtime/event-budget.ts), shared by the game's handshakes, the call's signals (offers,
// answers, ICE candidates) and presence. an event the budget refused is not wrong: it is sent again
// a little later. a call signal dropped on such a refusal once left its negotiation unfinished, and
// a join refused so ended the game on the page ("Too many events", e2e runs of 2026-11-27)

export const BUDGET_RETRIES = 5;
export const BUDGET_RETRY_MS = 400;

/** the server's answer when this socket sent more events than its budget: not the event's fault */
export const refusedForBudget = (answer: Ack<object> | undefined) =>
  answer?.ok === false && answer.error.code === 'RATE_LIMITED';

/**
 * emits `payload` with `emit`; a refusal for the budget is sent again after BUDGET_RETRY_MS × the
 * attempt, at most BUDGET_RETRIES times, while `live()` (the call, the page is still there). any
 * other answer, or the last refusal, goes to `onAnswer`
 */
export function emitWithBudgetRetry<P, A extends Ack<object>>(
  emit: (payload: P, ack: (answer: A) => void) => void,
  payload: P,
  {
    live,
    onAnswer = () => {},
    later = (run, ms) => window.setTimeout(run, ms),
  }: {
    live: () => boolean;
    onAnswer?: (answer: A) => void;
    later?: (run: () => void, ms: number) => void;
  },
  attempt = 0,
): void {
  emit(payload, (answer) => {
    if (!refusedForBudget(answer) || attempt >= BUDGET_RETRIES) return onAnswer(answer);
    if (!live()) return;
    later(
      () => {
        if (live()) emitWithBudgetRetry(emit, payload, { live, onAnswer, later }, attempt + 1);
      },
      BUDGET_RETRY_MS * (attempt + 1),
    );
  });
}
