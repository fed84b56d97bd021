import { DAY_MS } from './leitner.ts';

// a streak is days in a row played, counted in utc days (the server has no player time zone; a
// player near midnight utc may see a day start early or late, never a streak broken by it alone:
// yesterday still counts until today is over)

export const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** days in a row ending today, or ending yesterday when today is not played yet */
export function streakOf(days: Iterable<string>, now: number): number {
  const played = new Set(days);
  let t = played.has(utcDay(now)) ? now : now - DAY_MS;
  let n = 0;
  while (played.has(utcDay(t))) {
    n++;
    t -= DAY_MS;
  }
  return n;
}
