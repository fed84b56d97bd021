// how many events one socket may send: a token bucket of BURST that refills at PER_SECOND (the
// spec's 10 client events a second). a socket that keeps sending past it is refused event by
// event, and one that keeps that up (its refusals outrun a second, slower bucket) is disconnected

export const EVENTS_PER_SECOND = 10;
const BURST = 30;
/** refusals tolerated: about 12 s of sending twice the budget, for ever at a little past it */
const REFUSALS_BURST = 100;
const REFUSALS_PER_SECOND = 2;

export type BudgetAnswer = 'ok' | 'refused' | 'abusive';

function bucket(capacity: number, perSecond: number, now: () => number) {
  let tokens = capacity;
  let at = now();
  return () => {
    const t = now();
    tokens = Math.min(capacity, tokens + ((t - at) / 1000) * perSecond);
    at = t;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

export function createEventBudget(now: () => number = Date.now) {
  const events = bucket(BURST, EVENTS_PER_SECOND, now);
  const refusals = bucket(REFUSALS_BURST, REFUSALS_PER_SECOND, now);
  return (): BudgetAnswer => {
    if (events()) return 'ok';
    return refusals() ? 'refused' : 'abusive';
  };
}
