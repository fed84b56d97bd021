import { expectedSuccess, type Rated, START_RATING, TARGET_SUCCESS } from './elo.ts';

// adaptive difficulty: words the player should spell right 70–80 % of the time, the ones never
// met first (closest to 75 % when the band has none)

const MID = (TARGET_SUCCESS.low + TARGET_SUCCESS.high) / 2;

export function pickAdaptive<R extends { word: string }>(
  pool: { row: R; lastSeenAt: number | null }[],
  playerRating: number,
  ratings: Map<string, Rated>,
): R[] {
  const scored = pool.map((p, i) => {
    const e = expectedSuccess(playerRating, ratings.get(p.row.word)?.rating ?? START_RATING);
    const inBand = e >= TARGET_SUCCESS.low && e <= TARGET_SUCCESS.high;
    return { row: p.row, met: p.lastSeenAt ?? 0, inBand, off: Math.abs(e - MID), i };
  });
  // the band is adaptive play's pool: its unmet words first, then the ones met longest ago (no
  // repeat until the band is used up); out of the band only when it is, the closest first
  scored.sort(
    (a, b) =>
      Number(b.inBand) - Number(a.inBand) ||
      (a.inBand ? a.met - b.met : a.off - b.off || a.met - b.met) ||
      a.i - b.i,
  );
  return scored.map((s) => s.row);
}
