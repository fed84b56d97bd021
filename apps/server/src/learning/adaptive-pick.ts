import { expectedSuccess, type Rated, START_RATING, TARGET_SUCCESS } from './elo.ts';

// adaptive difficulty: words the player should spell right 70–80 % of the time, the ones never
// met first. when the band runs out, the words out of it are mixed, easier and harder, so that the
// words picked so far average 75 %: a weak player whose unmet words are all hard (the bank's
// easiest is under 40 % at 1100) gets words they remember between them, not ten of either kind

const MID = (TARGET_SUCCESS.low + TARGET_SUCCESS.high) / 2;

export function pickAdaptive<R extends { word: string }>(
  pool: { row: R; lastSeenAt: number | null }[],
  playerRating: number,
  ratings: Map<string, Rated>,
): R[] {
  const scored = pool.map((p, i) => {
    const e = expectedSuccess(playerRating, ratings.get(p.row.word)?.rating ?? START_RATING);
    return { row: p.row, met: p.lastSeenAt ?? 0, e, off: Math.abs(e - MID), i };
  });
  // the band is adaptive play's pool: its unmet words first, then the ones met longest ago (no
  // repeat until the band is used up)
  const band = scored
    .filter((s) => s.e >= TARGET_SUCCESS.low && s.e <= TARGET_SUCCESS.high)
    .sort((a, b) => a.met - b.met || a.i - b.i);
  // out of the band, each side nearest the band first
  const nearest = (a: (typeof scored)[number], b: (typeof scored)[number]) =>
    a.off - b.off || a.met - b.met || a.i - b.i;
  const easier = scored.filter((s) => s.e > TARGET_SUCCESS.high).sort(nearest);
  const harder = scored.filter((s) => s.e < TARGET_SUCCESS.low).sort(nearest);
  const out = [...band];
  let sum = band.reduce((s, b) => s + b.e, 0);
  let e = 0;
  let h = 0;
  while (e < easier.length || h < harder.length) {
    // below the middle so far: an easier word next, else a harder one
    const wantEasier = sum < MID * out.length || out.length === 0;
    const next = (wantEasier && e < easier.length) || h >= harder.length ? easier[e++] : harder[h++];
    if (!next) break;
    out.push(next);
    sum += next.e;
  }
  return out.map((s) => s.row);
}
