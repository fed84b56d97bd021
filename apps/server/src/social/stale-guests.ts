import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows-of.ts';

// guests are free, so they must not pile up for ever. a guest account is cleaned away once it can
// never be used again and nobody else's data names it:
// - no refresh token it could still sign in with (not used, not revoked, not expired), and no
//   socket open: nobody holds this guest any more;
// - no partnered game, in any state: a partner's history keeps its games (solo games go with it);
// - no chat message and no report either way: another player's conversation and the moderators'
//   records stay whole.
// a guest who signed up is a user, not a guest, and is never touched

const STALE = (now: string) => sql`
  u.role = 'guest'
  and not exists (select 1 from refresh_tokens r where r.user_id = u.id and r.used_at is null
                  and r.revoked_at is null and r.expires_at > ${now}::timestamptz)
  and not exists (select 1 from games g where (g.speller_id = u.id or g.speaker_id = u.id)
                  and not g.solo)
  and not exists (select 1 from chat_messages c where c.from_id = u.id or c.to_id = u.id)
  and not exists (select 1 from reports p where p.reporter_id = u.id or p.reported_id = u.id)`;

export function createStaleGuestSweep(deps: {
  db: Db;
  clock: { now(): number };
  isOnline: (userId: string) => Promise<boolean>;
}) {
  /** deletes up to `limit` stale guests (their solo games and invites go with them); answers how many */
  return async function sweepStaleGuests(limit = 200): Promise<number> {
    const now = new Date(deps.clock.now()).toISOString();
    const candidates = rowsOf<{ id: string }>(
      await deps.db.execute(sql`select u.id from users u where ${STALE(now)} limit ${limit}`),
    );
    let deleted = 0;
    for (const { id } of candidates) {
      if (await deps.isOnline(id)) continue;
      // checked again in the delete itself: a guest who signed in meanwhile stays
      const gone = await deps.db.execute(
        sql`delete from users u where u.id = ${id} and ${STALE(now)} returning u.id`,
      );
      deleted += rowsOf(gone).length;
    }
    return deleted;
  };
}
