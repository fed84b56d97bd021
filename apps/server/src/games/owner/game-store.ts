import type { GameState } from '@sayspell/core/game/types';
import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { gameEvents, gameLeases, games } from '../../db/schema.ts';
import type { GuessJournal, JournalEntry } from './guess-journal.ts';

// what the game owner (game-owner.ts) keeps in the database, and nothing else: the lease that
// says which instance owns a game, the games row as the snapshot, the guesses appended since.
// every write names the lease it is made under (owner + epoch) and is refused when that lease is
// not the current one: two instances can never both write one game (fencing)

export interface Lease {
  owner: string;
  epoch: number;
}

/** one guess, appended: the word's slot after the guess */
export interface GuessEvent {
  idx: number;
  guess: string;
  correct: boolean;
  at: number;
}

export type WriteOp =
  | ({ kind: 'guess'; gameId: string; lease: Lease } & GuessEvent)
  | { kind: 'snapshot'; state: GameState; lease: Lease };

export type Acquired =
  | { ok: true; epoch: number }
  | { ok: false; owner: string; expiresAt: number }
  /** the game does not exist */
  | { ok: false; owner: null };

/** what a state change writes to the snapshot: every state column but the key and creation time */
function snapshotColumns(s: GameState) {
  const { id: _id, createdAt: _c, ...rest } = s;
  return rest;
}

/**
 * the game as its snapshot and its appended guesses say (guesses the snapshot holds are skipped).
 * the last word's guess finishes the game as the engine does: the embedded instance journals a
 * finishing guess and writes the finished snapshot after the answer (game-owner.ts), so a crash
 * between the two leaves a snapshot that is still 'started' and a journal that finished it
 */
export function rebuild(snapshot: GameState, events: GuessEvent[]): GameState {
  let state = snapshot;
  for (const e of events) {
    if (e.idx !== state.currentIndex || state.status !== 'started') continue;
    const slot = state.words[e.idx];
    if (!slot) continue;
    const words = state.words.slice();
    words[e.idx] = { ...slot, guess: e.guess, used: true, correct: e.correct };
    const done = e.idx + 1 >= words.length;
    state = {
      ...state,
      words,
      currentIndex: e.idx + 1,
      version: state.version + 1,
      ...(done ? { status: 'finished' as const, finishedAt: e.at, endedReason: 'words' as const } : {}),
    };
  }
  return state;
}

const leaseIs = (gameId: string, lease: Lease) =>
  exists(
    sql`(select 1 from ${gameLeases} where ${gameLeases.gameId} = ${gameId} and ${gameLeases.owner} = ${lease.owner} and ${gameLeases.epoch} = ${lease.epoch})`,
  );

export function createGameStore(db: Db) {
  const eventsOf = db
    .select({ idx: gameEvents.idx, guess: gameEvents.guess, correct: gameEvents.correct, at: gameEvents.at })
    .from(gameEvents)
    .where(eq(gameEvents.gameId, sql.placeholder('id')))
    .orderBy(asc(gameEvents.idx))
    .prepare('game_events_of');

  /** the guesses of a batch in one statement, each only under its current lease; the ones written */
  async function appendGuesses(tx: Pick<Db, 'execute'>, ops: Extract<WriteOp, { kind: 'guess' }>[]) {
    const rows = JSON.stringify(
      ops.map((o) => ({
        game_id: o.gameId,
        idx: o.idx,
        guess: o.guess,
        correct: o.correct,
        at: o.at,
        owner: o.lease.owner,
        epoch: o.lease.epoch,
      })),
    );
    const out = await tx.execute(sql`
      insert into game_events (game_id, idx, guess, correct, at)
      select v.game_id, v.idx, v.guess, v.correct, v.at
        from jsonb_to_recordset(${rows}::jsonb)
             as v(game_id uuid, idx integer, guess text, correct boolean, at bigint, owner text, epoch integer)
        join game_leases l on l.game_id = v.game_id and l.owner = v.owner and l.epoch = v.epoch
      on conflict do nothing
      returning game_id, idx`);
    const written = new Set(
      rowsOf<{ game_id: string; idx: number }>(out).map((r) => `${r.game_id}:${r.idx}`),
    );
    return ops.map((o) => written.has(`${o.gameId}:${o.idx}`));
  }

  async function writeSnapshot(tx: Pick<Db, 'update'>, op: Extract<WriteOp, { kind: 'snapshot' }>) {
    const done = await tx
      .update(games)
      .set(snapshotColumns(op.state))
      .where(and(eq(games.id, op.state.id), leaseIs(op.state.id, op.lease)))
      .returning({ id: games.id });
    return done.length > 0;
  }

  return {
    /**
     * takes the game's lease when it is free, expired, or this owner's already (a new epoch each
     * time); `force` takes it from a live owner too (no relay to reach that owner: fencing keeps
     * the old one from writing)
     */
    async acquire(
      gameId: string,
      owner: string,
      now: number,
      ttlMs: number,
      force = false,
    ): Promise<Acquired> {
      const out = await db.execute(sql`
        insert into game_leases (game_id, owner, epoch, expires_at)
        select ${gameId}::uuid, ${owner}, 1, ${now + ttlMs}::bigint
         where exists (select 1 from games where id = ${gameId}::uuid)
        on conflict (game_id) do update
           set owner = excluded.owner, epoch = game_leases.epoch + 1, expires_at = excluded.expires_at
         where ${force}::boolean or game_leases.owner = excluded.owner or game_leases.expires_at < ${now}::bigint
        returning epoch`);
      const [row] = rowsOf<{ epoch: number }>(out);
      if (row) return { ok: true, epoch: Number(row.epoch) };
      const [held] = await db
        .select({ owner: gameLeases.owner, expiresAt: gameLeases.expiresAt })
        .from(gameLeases)
        .where(eq(gameLeases.gameId, gameId));
      return held ? { ok: false, owner: held.owner, expiresAt: held.expiresAt } : { ok: false, owner: null };
    },

    /** a new game and its lease, for the instance that made it */
    async insert(state: GameState, lease: Lease, expiresAt: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(games).values(state);
        await tx.insert(gameLeases).values({ gameId: state.id, ...lease, expiresAt });
      });
    },

    /** this owner's leases last until `expiresAt`; answers the games it still holds */
    async renew(owner: string, expiresAt: number): Promise<Map<string, number>> {
      const rows = await db
        .update(gameLeases)
        .set({ expiresAt })
        .where(eq(gameLeases.owner, owner))
        .returning({ gameId: gameLeases.gameId, epoch: gameLeases.epoch });
      return new Map(rows.map((r) => [r.gameId, r.epoch]));
    },

    /** gives leases up (a finished game, an instance that stops): another instance may take them at once */
    async release(owner: string, gameIds?: string[]): Promise<void> {
      if (gameIds && gameIds.length === 0) return;
      await db.execute(
        gameIds
          ? sql`delete from game_leases where owner = ${owner} and game_id in (${sql.join(
              gameIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql`delete from game_leases where owner = ${owner}`,
      );
    },

    /** what the store keeps outside the database's tables, copied in now (none here: see journaledStore) */
    async flush(): Promise<void> {},

    /** the guesses appended to a game, in order */
    events: async (gameId: string): Promise<GuessEvent[]> =>
      (await eventsOf.execute({ id: gameId })).map((e) => ({ ...e, at: Number(e.at) })),

    /**
     * one commit for a batch of writes (group commit): answers, per write, whether it was made
     * (false: its lease is not the current one any more, or the turn was written already)
     */
    async commit(ops: WriteOp[]): Promise<boolean[]> {
      const guesses = ops.filter((o): o is Extract<WriteOp, { kind: 'guess' }> => o.kind === 'guess');
      const snapshots = ops.filter((o): o is Extract<WriteOp, { kind: 'snapshot' }> => o.kind === 'snapshot');
      const run = async (tx: Db) => {
        const done = new Map<WriteOp, boolean>();
        if (guesses.length > 0) {
          const written = await appendGuesses(tx, guesses);
          guesses.forEach((o, i) => {
            done.set(o, written[i]!);
          });
        }
        for (const o of snapshots) done.set(o, await writeSnapshot(tx, o));
        return ops.map((o) => done.get(o) ?? false);
      };
      // a lone statement needs no transaction around it (a finish on the embedded instance, whose
      // guesses are journaled, is one UPDATE instead of BEGIN, UPDATE, COMMIT)
      if (snapshots.length + (guesses.length > 0 ? 1 : 0) <= 1) return run(db);
      return db.transaction((tx) => run(tx as unknown as Db));
    },
  };
}

export type GameStore = ReturnType<typeof createGameStore>;

/** rows per statement when the journal is copied in */
const COPY_AT_MOST = 2_000;

/**
 * guesses the embedded journal kept (guess-journal.ts), copied in without a fence: its one instance
 * is the only writer. A guess already there, or of a game deleted since, is skipped
 */
export async function copyJournalEvents(db: Db, entries: JournalEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += COPY_AT_MOST) {
    const rows = JSON.stringify(
      entries.slice(i, i + COPY_AT_MOST).map((e) => ({
        game_id: e.gameId,
        idx: e.idx,
        guess: e.guess,
        correct: e.correct,
        at: e.at,
      })),
    );
    await db.execute(sql`
      insert into game_events (game_id, idx, guess, correct, at)
      select v.game_id, v.idx, v.guess, v.correct, v.at
        from jsonb_to_recordset(${rows}::jsonb)
             as v(game_id uuid, idx integer, guess text, correct boolean, at bigint)
       where exists (select 1 from games g where g.id = v.game_id)
      on conflict do nothing`);
  }
}

/**
 * the embedded instance's store: a guess is made durable by the journal's append (microseconds)
 * instead of a statement of its own (~1.3 ms of PGlite's cpu, one statement at a time); starts,
 * finishes and leases go to the database as before, and a snapshot written tells the journal which
 * of its guesses the row holds now
 */
export function journaledStore(store: GameStore, journal: GuessJournal): GameStore {
  return {
    ...store,
    async events(gameId) {
      const [stored, waiting] = [await store.events(gameId), journal.pendingOf(gameId)];
      if (waiting.length === 0) return stored;
      const byIdx = new Map(stored.map((e) => [e.idx, e]));
      for (const e of waiting) if (!byIdx.has(e.idx)) byIdx.set(e.idx, e);
      return [...byIdx.values()].sort((a, b) => a.idx - b.idx);
    },
    flush: () => journal.flush(),
    async commit(ops) {
      const guesses = ops.filter((o): o is Extract<WriteOp, { kind: 'guess' }> => o.kind === 'guess');
      const snapshots = ops.filter((o): o is Extract<WriteOp, { kind: 'snapshot' }> => o.kind === 'snapshot');
      journal.append(
        guesses.map((o) => ({ gameId: o.gameId, idx: o.idx, guess: o.guess, correct: o.correct, at: o.at })),
      );
      const done = new Map<WriteOp, boolean>(guesses.map((o) => [o, true]));
      if (snapshots.length > 0) {
        const written = await store.commit(snapshots);
        snapshots.forEach((o, i) => {
          done.set(o, written[i]!);
          // the row holds the guesses before its current word (a finished game's: all of them)
          if (written[i]) {
            const { id, status, currentIndex } = o.state;
            journal.covered(id, status === 'finished' ? Number.POSITIVE_INFINITY : currentIndex);
          }
        });
      }
      return ops.map((o) => done.get(o) ?? false);
    },
  };
}
