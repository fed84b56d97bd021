import type { LearningProgress } from '@sayspell/core/protocol/learning';

// the progress page's chart data, from GET /v1/learning/progress (pure: tested on its own)

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

export interface DayPoint {
  day: string;
  /** words met so far (all time, up to the end of this day) */
  learned: number;
  /** share right that day, null when not played */
  accuracy: number | null;
  guesses: number;
}

/** one point per calendar day of the last `days` days (utc, as the server counts), oldest first */
export function daySeries(p: Pick<LearningProgress, 'days' | 'met'>, now: number, days = 30): DayPoint[] {
  const byDay = new Map(p.days.map((d) => [d.day, d]));
  const first = dayOf(now - (days - 1) * DAY_MS);
  // the words met before the window: all words met minus the ones first met inside it
  let learned = p.met - p.days.filter((d) => d.day >= first).reduce((s, d) => s + d.newWords, 0);
  const out: DayPoint[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = dayOf(now - i * DAY_MS);
    const d = byDay.get(day);
    learned += d?.newWords ?? 0;
    out.push({
      day,
      learned,
      accuracy: d && d.guesses > 0 ? d.right / d.guesses : null,
      guesses: d?.guesses ?? 0,
    });
  }
  return out;
}

/** days to wait in each leitner box (apps/server/src/learning/leitner.ts) */
export const BOX_WAIT = [
  'Missed · 1 day',
  'Wait 2 days',
  'Wait 4 days',
  'Wait 8 days',
  'Wait 16 days',
  'Wait 32 days',
] as const;

export const percent = (x: number) => `${Math.round(x * 100)} %`;

/** 'Nov 24' for a yyyy-mm-dd */
export function shortDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
