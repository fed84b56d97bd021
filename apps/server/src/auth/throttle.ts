import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { authThrottle } from '../db/schema.ts';
import { DomainError } from '../errors.ts';

// counts events per key (an account, an address) in fixed windows kept in the database, so every
// instance sees the same counts. counting and deciding is one statement (insert … on conflict …
// returning): a check-then-count in two steps let 40 concurrent calls through a limit of 10

export interface Throttle {
  /** counts one event and throws 429 when it goes past `limit` in the key's window */
  take(key: string, limit: number, what: string, windowMs?: number): Promise<void>;
  /** the key's count in its current window (0 when none) */
  peek(key: string, windowMs?: number): Promise<number>;
  /** counts one event without refusing it (a failure noticed after the work) */
  hit(key: string, windowMs?: number): Promise<number>;
  /** gives one event back (a sign-in that succeeded) */
  refund(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export function createThrottle(db: Db, clock: { now(): number }, defaultWindowMs: number): Throttle {
  async function count(key: string, windowMs: number): Promise<{ count: number; windowStart: number }> {
    const now = clock.now();
    const expired = sql`${now}::bigint - ${authThrottle.windowStart} >= ${windowMs}`;
    const [row] = await db
      .insert(authThrottle)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          count: sql`case when ${expired} then 1 else ${authThrottle.count} + 1 end`,
          windowStart: sql`case when ${expired} then ${now}::bigint else ${authThrottle.windowStart} end`,
        },
      })
      .returning({ count: authThrottle.count, windowStart: authThrottle.windowStart });
    return row ?? { count: 1, windowStart: now };
  }

  return {
    async take(key, limit, what, windowMs = defaultWindowMs) {
      const row = await count(key, windowMs);
      if (row.count <= limit) return;
      const left = row.windowStart + windowMs - clock.now();
      const n = left < 60_000 ? Math.max(1, Math.ceil(left / 1000)) : Math.ceil(left / 60_000);
      const wait = `${n} ${left < 60_000 ? 'second' : 'minute'}${n === 1 ? '' : 's'}`;
      throw new DomainError('RATE_LIMITED', `Too many ${what}. Please wait ${wait} and try again.`);
    },
    async peek(key, windowMs = defaultWindowMs) {
      const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, key));
      if (!row || clock.now() - row.windowStart >= windowMs) return 0;
      return row.count;
    },
    async hit(key, windowMs = defaultWindowMs) {
      return (await count(key, windowMs)).count;
    },
    async refund(key) {
      await db
        .update(authThrottle)
        .set({ count: sql`greatest(${authThrottle.count} - 1, 0)` })
        .where(eq(authThrottle.key, key));
    },
    async clear(key) {
      await db.delete(authThrottle).where(eq(authThrottle.key, key));
    },
  };
}
