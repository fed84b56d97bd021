import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { authThrottle } from '../db/schema.ts';
import { DomainError } from '../errors.ts';

// counts events per key (an account, an address) in fixed windows kept in the database, so every
// instance sees the same counts; a key at its limit is refused until its window ends

export interface Throttle {
  /** throws 429 when the key has reached `limit` events in its current window */
  check(key: string, limit: number, what: string): Promise<void>;
  /** counts one event for the key */
  hit(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export function createThrottle(db: Db, clock: { now(): number }, windowMs: number): Throttle {
  return {
    async check(key, limit, what) {
      const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, key));
      const now = clock.now();
      if (!row || now - row.windowStart >= windowMs || row.count < limit) return;
      const minutes = Math.max(1, Math.ceil((row.windowStart + windowMs - now) / 60_000));
      throw new DomainError(
        'RATE_LIMITED',
        `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      );
    },
    async hit(key) {
      const now = clock.now();
      await db
        .insert(authThrottle)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            count: sql`case when ${now} - ${authThrottle.windowStart} >= ${windowMs} then 1 else ${authThrottle.count} + 1 end`,
            windowStart: sql`case when ${now} - ${authThrottle.windowStart} >= ${windowMs} then ${now} else ${authThrottle.windowStart} end`,
          },
        });
    },
    async clear(key) {
      await db.delete(authThrottle).where(eq(authThrottle.key, key));
    },
  };
}
