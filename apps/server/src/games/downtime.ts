import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { serverMeta } from '../db/schema.ts';
import type { Clock } from './game-service.ts';

// a restart must not eat the players' clock (lichess gives the time back after a restart). every
// instance of a cluster (the instances sharing a REDIS_PREFIX, or the one on PGlite) beats a
// heartbeat in server_meta on its sweeper tick and when it closes. an instance that starts and
// finds that nobody beat for longer than `outageMs` gives the whole outage back to every running
// game: its start and its deadline move later by that much. the check and the new beat happen
// under the row's lock, so two instances starting together give the time back once, and while
// another instance is alive (failover) its beats show there was no outage

export function createDowntime(db: Db, clock: Clock, opts: { cluster: string; outageMs: number }) {
  const name = `alive-at:${opts.cluster}`;

  return {
    /** this instance is alive now */
    async beat(): Promise<void> {
      const now = String(clock.now());
      await db
        .insert(serverMeta)
        .values({ name, value: now })
        .onConflictDoUpdate({
          target: serverMeta.name,
          // never backwards: an instance with a slower clock does not undo a later beat
          set: { value: sql`greatest(${serverMeta.value}::bigint, ${now}::bigint)::text` },
        });
    },

    /**
     * on start: when the cluster was down, gives the time back to the games that were running.
     * answers the milliseconds given back (0 when there was no outage, or on the first start)
     */
    async giveBack(): Promise<{ givenMs: number; games: number }> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        await tx
          .insert(serverMeta)
          .values({ name, value: String(now) })
          .onConflictDoNothing();
        const [row] = await tx.select().from(serverMeta).where(eq(serverMeta.name, name)).for('update');
        const last = Number(row?.value ?? now);
        const down = now - last;
        let games = 0;
        if (down > opts.outageMs) {
          // a game whose deadline had passed before the outage began lost nothing
          const moved = await tx.execute(sql`
            update games
               set starts_at = starts_at + ${down}::bigint,
                   ends_at = ends_at + ${down}::bigint,
                   version = version + 1
             where status = 'started' and ends_at > ${last}::bigint
            returning id`);
          games = (moved as { rows: unknown[] }).rows.length;
        }
        await tx
          .update(serverMeta)
          .set({ value: sql`greatest(${serverMeta.value}::bigint, ${now}::bigint)::text` })
          .where(eq(serverMeta.name, name));
        return { givenMs: down > opts.outageMs ? down : 0, games };
      });
    },
  };
}

export type Downtime = ReturnType<typeof createDowntime>;
