// how many pronunciation checks one player may ask for: enough for a speaker to check every word
// of a fast game more than once, too few to turn the recogniser into a search engine or to hog
// the one decoder. counted per instance (a check is cpu, and each instance has its own decoder).

export const CHECKS_PER_MINUTE = 30;

export interface CheckBudget {
  /** counts one check for the user; false when the user has used up the last minute's budget */
  take(userId: string): boolean;
  /** seconds until the user's oldest check leaves the window */
  retryAfterSeconds(userId: string): number;
}

export function createCheckBudget(opts: { perMinute?: number; now?: () => number } = {}): CheckBudget {
  const limit = opts.perMinute ?? CHECKS_PER_MINUTE;
  const now = opts.now ?? Date.now;
  const windowMs = 60_000;
  const seen = new Map<string, number[]>();
  const recent = (userId: string) => {
    const t = now();
    const kept = (seen.get(userId) ?? []).filter((at) => t - at < windowMs);
    if (kept.length) seen.set(userId, kept);
    else seen.delete(userId);
    return kept;
  };
  return {
    take(userId) {
      const kept = recent(userId);
      if (kept.length >= limit) return false;
      kept.push(now());
      seen.set(userId, kept);
      // a sweep now and then keeps the map to the users of the last minute
      if (seen.size > 10_000) for (const id of [...seen.keys()]) recent(id);
      return true;
    },
    retryAfterSeconds(userId) {
      const oldest = recent(userId)[0];
      return oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000));
    },
  };
}
