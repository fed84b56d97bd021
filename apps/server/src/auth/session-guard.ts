import { eq } from 'drizzle-orm';
import { anyOf } from '../db/any-of.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import type { AccessClaims } from './access-tokens.ts';

// an access token proves who signed in, not what they may do now: every request and every socket
// event asks here for the account's current role, whether it was removed or deleted, and whether
// the token's session was ended (logout, password change). the answers are remembered per user
// until something changes them: a change on this instance forgets at once, other instances are
// told through the socket server (Redis), and a remembered answer is read again after
// REMEMBER_MS in case such a message was lost (or the change came from the command line).
// the answers in use are read again together, in the background, once they are RENEW_AFTER_MS
// old: one query for every active player instead of two per player every 10 s (at 400 players,
// as many queries as the games' guesses), and a check of an active player never waits for one

const REMEMBER_MS = 10_000;
const RENEW_AFTER_MS = REMEMBER_MS / 2;
const RENEW_BATCH = 500;
const USERS_MAX = 20_000;
const SESSIONS_MAX = 32;

interface Known {
  role: AccessClaims['role'];
  removed: boolean;
  gone: boolean;
  /** session id → ended */
  sessions: Map<string, boolean>;
  readAt: number;
  usedAt: number;
}

type AccountRow = { role: AccessClaims['role']; removedAt: Date | null; deletedAt: Date | null } | undefined;

const accountColumns = { role: users.role, removedAt: users.removedAt, deletedAt: users.deletedAt };

const accountState = (row: AccountRow) => ({
  role: row?.role ?? ('guest' as const),
  removed: !!row?.removedAt,
  gone: !row || !!row.deletedAt,
});

export interface SessionGuard {
  /** the token's claims with the account's current role; throws when the session has ended */
  check(claims: AccessClaims): Promise<AccessClaims>;
  /** sessions or the role of a user changed here: forget, tell the listeners and other instances */
  changed(userId: string): void;
  /** another instance said a user changed */
  heard(userId: string): void;
  /** a sign-in or refresh read the account: the next check reads it too (a change made outside) */
  forget(userId: string): void;
  /** sockets listen to re-check their owner */
  onChange(listener: (userId: string) => void): void;
  /** sends a change to the other instances (set by the socket server) */
  relay: (userId: string) => void;
}

export function createSessionGuard(deps: {
  db: Db;
  /** which of these sessions were ended */
  revokedAmong(sessionIds: string[]): Promise<Set<string>>;
  now?: () => number;
}): SessionGuard {
  const now = deps.now ?? Date.now;
  const known = new Map<string, Known>();
  const listeners: ((userId: string) => void)[] = [];
  // a read that overlaps a change is used once but not remembered
  let changes = 0;

  async function read(userId: string): Promise<Known> {
    const hit = known.get(userId);
    if (hit && now() - hit.readAt < REMEMBER_MS) return hit;
    const before = changes;
    const [row] = await deps.db.select(accountColumns).from(users).where(eq(users.id, userId));
    const fresh: Known = { ...accountState(row), sessions: new Map(), readAt: now(), usedAt: now() };
    if (before !== changes) return fresh;
    if (known.size >= USERS_MAX) known.delete(known.keys().next().value as string);
    known.set(userId, fresh);
    return fresh;
  }

  /**
   * reads again, together, every answer used within REMEMBER_MS that is at least half as old as
   * the one that asked for the renewal: the answers fall into step, and one renewal every ≈ 5 s
   * serves most players
   */
  async function renew() {
    const t = now();
    const due = [...known].filter(
      ([, k]) => t - k.usedAt < REMEMBER_MS && t - k.readAt >= RENEW_AFTER_MS / 2,
    );
    for (let i = 0; i < due.length; i += RENEW_BATCH) {
      const part = due.slice(i, i + RENEW_BATCH);
      const readAt = now();
      const rows = await deps.db
        .select({ id: users.id, ...accountColumns })
        .from(users)
        .where(
          anyOf(
            users.id,
            part.map(([id]) => id),
            'uuid',
          ),
        );
      const ended = await deps.revokedAmong(part.flatMap(([, k]) => [...k.sessions.keys()]));
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const [userId, old] of part) {
        // a change told meanwhile (or a read of its own since) wins over this read
        if (known.get(userId) !== old) continue;
        const sessions = new Map<string, boolean>();
        for (const [id, was] of old.sessions) sessions.set(id, was || ended.has(id));
        known.set(userId, { ...accountState(byId.get(userId)), sessions, readAt, usedAt: old.usedAt });
      }
    }
  }

  let renewing = false;
  function renewSoon() {
    if (renewing) return;
    renewing = true;
    setImmediate(() => {
      renew()
        // a failed renewal leaves the answers to age: past REMEMBER_MS each check reads its own
        .catch(() => {})
        .finally(() => {
          renewing = false;
        });
    });
  }

  function tell(userId: string) {
    changes++;
    known.delete(userId);
    for (const listener of listeners) listener(userId);
  }

  const guard: SessionGuard = {
    async check(claims) {
      const state = await read(claims.userId);
      state.usedAt = now();
      if (state.usedAt - state.readAt >= RENEW_AFTER_MS) renewSoon();
      if (state.gone) {
        throw new DomainError('UNAUTHORIZED', 'This account no longer exists. Please sign in again.');
      }
      if (state.removed) {
        throw new DomainError('ACCOUNT_REMOVED', 'This account was removed by an administrator.');
      }
      const sessionId = claims.sessionId;
      if (!sessionId) throw new DomainError('INVALID_TOKEN', 'The access token is not valid.');
      let ended = state.sessions.get(sessionId);
      if (ended === undefined) {
        ended = (await deps.revokedAmong([sessionId])).has(sessionId);
        if (state.sessions.size >= SESSIONS_MAX) state.sessions.clear();
        state.sessions.set(sessionId, ended);
      }
      if (ended) throw new DomainError('INVALID_TOKEN', 'Your session has ended. Please sign in again.');
      // the same claims while the role stands: a socket checks them on every event
      return claims.role === state.role ? claims : { ...claims, role: state.role };
    },
    changed(userId) {
      tell(userId);
      guard.relay(userId);
    },
    heard: tell,
    forget: (userId) => known.delete(userId),
    onChange(listener) {
      listeners.push(listener);
    },
    relay: () => {},
  };
  return guard;
}
