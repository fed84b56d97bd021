import { applyAction, type GameAction } from '@sayspell/core/game/engine';
import type { GameState } from '@sayspell/core/game/types';
import { DomainError, type ErrorCode } from '../../errors.ts';
import {
  createGameStore,
  type GameStore,
  journaledStore,
  type Lease,
  rebuild,
  type WriteOp,
} from './game-store.ts';
import { createGroupCommit } from './group-commit.ts';
import type { GuessJournal } from './guess-journal.ts';
import type { OwnerRelay, RelayAnswer } from './owner-relay.ts';

// the instance that owns a game holds it in memory and is the only one to change it (issue 16;
// the anchors: a lichess game actor, a colyseus room). a game's owner is whoever holds its lease
// (game-store.ts): the instance that created it, or the one that took it over when the lease
// expired (its owner died) or on a restart. actions on one game run one at a time, in order: the
// pure engine applies each in memory, the change is made durable (a guess appended, a start or a
// finish written as the snapshot; many games' writes in one commit) and only then is the memory
// changed, the players told (`applied`) and the caller answered. an action that reaches another
// instance is relayed to the owner (owner-relay.ts); a write refused by the fence (someone else
// owns the game now) drops the game from memory and the action goes to the new owner.

export interface OwnerEffects {
  /**
   * on the owner, in the game's order, once the change is durable. `origin`: the connection the
   * action came from, which has its answer already (the broadcast need not send it the change)
   */
  applied(next: GameState, prev: GameState, action: GameAction, origin?: string): void;
  /** this instance took over a game that was going on (its owner died, a restart): re-arm it */
  tookOver(state: GameState): void;
}

interface Entry {
  state: GameState;
  epoch: number;
  /** the game's queue: the last action's end */
  tail: Promise<unknown>;
  /** when this instance took the lease (wall clock) */
  since: number;
  touched: number;
  /** a finish answered before its snapshot was written (finishAfterAnswer): that write */
  finishing?: Promise<void>;
}

/** an action that found the game gone from this instance's memory: it goes round again */
const AGAIN = Symbol('again');

/** a game not started within this time is let go from memory (its lease released) */
const IDLE_CREATED_MS = 15 * 60_000;

const notFound = () =>
  new DomainError('GAME_NOT_FOUND', 'This game does not exist (it may have been deleted).');
const isPlayer = (s: GameState, userId: string) => s.spellerId === userId || s.speakerId === userId;

type RelayRequest =
  | { op: 'act'; id: string; userId: string | null; action: GameAction; origin?: string }
  | { op: 'read'; id: string };

export function createGameOwner(deps: {
  store: GameStore;
  /** the games row (the snapshot) */
  readSnapshot(id: string): Promise<GameState | null>;
  instanceId: string;
  /** how long a lease lasts without renewal: an owner that died is replaced after this */
  leaseMs: number;
  effects: OwnerEffects;
  onError(err: unknown, what: string): void;
  /**
   * the store makes a guess durable by itself (the embedded journal): a guess that finishes the
   * game is answered once it is appended, and the finished snapshot is written after the answer;
   * the game stays in memory until then, and `settled` lets readers of the database wait for it
   */
  finishAfterAnswer?: boolean;
}) {
  const { store, instanceId: me, leaseMs } = deps;
  const held = new Map<string, Entry>();
  const taking = new Map<string, Promise<Taken>>();
  const commits = createGroupCommit<WriteOp, boolean>((ops) => store.commit(ops));
  // when the store makes a guess durable by itself (the embedded journal), a snapshot (a start, a
  // finish) waits for the database's thread and a guess does not: the snapshots get a lane of their
  // own, so no game's guess waits behind another game's finish queued in the database after the
  // learning loop's statements. Instances that share PostgreSQL write both in one transaction
  const snapshots = deps.finishAfterAnswer
    ? createGroupCommit<WriteOp, boolean>((ops) => store.commit(ops))
    : commits;
  const write = (op: WriteOp) => (op.kind === 'snapshot' ? snapshots : commits).write(op);
  let relay: OwnerRelay | undefined;
  let relayReady: Promise<unknown> | undefined;
  let stopped = false;
  let renewing: NodeJS.Timeout | undefined;

  type Taken = { entry: Entry } | { finished: GameState } | { owner: string; expiresAt: number } | null;

  async function loadWithSnapshot(id: string) {
    const snapshot = await deps.readSnapshot(id);
    if (snapshot?.status !== 'started') return { snapshot, state: snapshot };
    return { snapshot, state: rebuild(snapshot, await store.events(id)) };
  }

  async function take(id: string, force: boolean): Promise<Taken> {
    const now = Date.now();
    const got = await store.acquire(id, me, now, leaseMs, force);
    if (!got.ok) return got.owner === null ? null : { owner: got.owner, expiresAt: got.expiresAt };
    const { snapshot, state } = await loadWithSnapshot(id);
    if (!state) {
      await store.release(me, [id]);
      return null;
    }
    // a finished game changes no more: nobody needs to own it
    if (state.status === 'finished') {
      // finished by a journaled guess whose snapshot the last process did not live to write
      if (snapshot?.status !== 'finished') {
        await write({ kind: 'snapshot', state, lease: { owner: me, epoch: got.epoch } });
      }
      await store.release(me, [id]);
      return { finished: state };
    }
    const entry: Entry = { state, epoch: got.epoch, tail: Promise.resolve(), since: now, touched: now };
    held.set(id, entry);
    if (state.status === 'started') deps.effects.tookOver(state);
    return { entry };
  }

  /** one take of a game at a time on this instance (a second would fence the first) */
  function takeOnce(id: string, force: boolean): Promise<Taken> {
    let p = taking.get(id);
    if (!p) {
      p = take(id, force).finally(() => taking.delete(id));
      taking.set(id, p);
    }
    return p;
  }

  function inQueue<T>(entry: Entry, run: () => Promise<T>): Promise<T> {
    const next = entry.tail.then(run, run);
    entry.tail = next.catch(() => {});
    return next;
  }

  function drop(id: string, entry: Entry) {
    if (held.get(id) === entry) held.delete(id);
  }

  function applyTo(state: GameState, userId: string | null, action: GameAction) {
    if (userId !== null && !isPlayer(state, userId)) {
      throw new DomainError('NOT_A_PLAYER', 'You are not a player in this game.');
    }
    const result = applyAction(state, action);
    if (!result.ok) throw new DomainError(result.error.code, result.error.message);
    return result;
  }

  async function applyHere(
    id: string,
    entry: Entry,
    userId: string | null,
    action: GameAction,
    origin: string | undefined,
  ): Promise<GameState | typeof AGAIN> {
    if (held.get(id) !== entry) return AGAIN;
    const prev = entry.state;
    const result = applyTo(prev, userId, action);
    if (!result.changed) return prev;
    const next = result.state;
    const lease: Lease = { owner: me, epoch: entry.epoch };
    const slot = action.type === 'guess' ? next.words[action.index] : undefined;
    // a guess that leaves the game going on is appended; a start or a finish is the snapshot (a
    // finishing guess is appended too when the snapshot is written after the answer)
    const finishLater = deps.finishAfterAnswer === true && next.status === 'finished';
    const op: WriteOp =
      slot && (next.status === 'started' || finishLater)
        ? {
            kind: 'guess',
            gameId: id,
            lease,
            idx: action.type === 'guess' ? action.index : 0,
            guess: slot.guess ?? '',
            correct: slot.correct === true,
            at: action.now,
          }
        : { kind: 'snapshot', state: next, lease };
    let written: boolean;
    try {
      written = await write(op);
    } catch (err) {
      // whether it was written is not known: what the database holds is the truth
      drop(id, entry);
      throw err;
    }
    if (!written) {
      // fenced: another instance owns the game now (or it was deleted)
      drop(id, entry);
      return AGAIN;
    }
    entry.state = next;
    entry.touched = Date.now();
    if (next.status === 'finished' && op.kind === 'guess') {
      // answered now; the snapshot follows, and the game leaves memory once it is written
      entry.finishing = write({ kind: 'snapshot', state: next, lease }).then(
        () => {
          drop(id, entry);
          return store.release(me, [id]).catch((err) => deps.onError(err, 'lease release'));
        },
        (err) => {
          // the journal holds the finishing guess: the next read rebuilds the game finished
          drop(id, entry);
          deps.onError(err, 'finished snapshot');
        },
      );
    } else if (next.status === 'finished') {
      drop(id, entry);
      store.release(me, [id]).catch((err) => deps.onError(err, 'lease release'));
    }
    deps.effects.applied(next, prev, action, origin);
    return next;
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /**
   * applies an action wherever the game's owner is; answers the game after it. `origin`: the
   * connection that asked (effects.applied)
   */
  async function act(
    id: string,
    userId: string | null,
    action: GameAction,
    origin?: string,
  ): Promise<GameState> {
    const giveUpAt = Date.now() + 3 * leaseMs + 2_000;
    for (;;) {
      if (stopped) throw new DomainError('UNAVAILABLE', 'This server is restarting. Try again in a moment.');
      const entry = held.get(id);
      const found: Taken = entry ? { entry } : await takeOnce(id, false);
      if (found === null) throw notFound();
      if ('entry' in found) {
        const out = await inQueue(found.entry, () => applyHere(id, found.entry, userId, action, origin));
        if (out !== AGAIN) return out;
        continue;
      }
      if ('finished' in found) {
        const result = applyTo(found.finished, userId, action);
        return result.state;
      }
      // another instance owns the game
      await relayReady;
      if (relay) {
        const answer = await relay.ask(found.owner, {
          op: 'act',
          id,
          userId,
          action,
          origin,
        } satisfies RelayRequest);
        if (answer === 'gone') {
          // the owner is not on Redis any more (killed): take the game now rather than when its
          // lease runs out; were it still alive, the fence would stop its writes
          const taken = await takeOnce(id, true);
          if (taken && !('owner' in taken)) continue;
        } else if (answer?.held) {
          if (answer.error) throw new DomainError(answer.error.code as ErrorCode, answer.error.message);
          return answer.value as GameState;
        }
      } else {
        // nobody to relay to (no Redis): take the game; the fence stops the other owner's writes
        const forced = await takeOnce(id, true);
        if (forced && 'entry' in forced) continue;
      }
      if (Date.now() > giveUpAt) {
        throw new DomainError('UNAVAILABLE', 'The game could not be reached. Try again in a moment.');
      }
      // its owner is gone or letting go: its lease runs out soon
      await sleep(Math.min(250, Math.max(20, found.expiresAt - Date.now() + 5)));
    }
  }

  /** the game as it is now: from memory when this instance owns it, else from the database */
  async function read(id: string): Promise<GameState | null> {
    const entry = held.get(id);
    if (entry) return entry.state;
    const { snapshot, state } = await loadWithSnapshot(id);
    // finished by a journaled guess whose snapshot was never written (a crash): taking the game
    // writes it, so the database's lists (history, results) have it too
    if (state?.status === 'finished' && snapshot?.status !== 'finished') await takeOnce(id, false);
    return state;
  }

  async function renew() {
    const started = Date.now();
    const mine = await store.renew(me, started + leaseMs);
    const loose = [...mine.keys()].filter((id) => !held.has(id) && !taking.has(id));
    if (loose.length > 0) await store.release(me, loose);
    for (const [id, entry] of held) {
      if (entry.since >= started) continue;
      if (mine.get(id) !== entry.epoch) {
        drop(id, entry);
        continue;
      }
      if (entry.state.status === 'created' && started - entry.touched > IDLE_CREATED_MS) {
        drop(id, entry);
        await store.release(me, [id]);
      }
    }
  }

  return {
    instanceId: me,
    act,
    read,

    /** every guess answered so far is in the database's tables (the embedded journal's, copied in) */
    flush: () => store.flush(),

    /** a finish of this game answered on this instance is in the database (finishAfterAnswer) */
    async settled(id: string): Promise<void> {
      await held.get(id)?.finishing;
    },

    /** the same for every game of this player: before the database's lists of their games are read */
    async settledFor(userId: string): Promise<void> {
      const writes = [...held.values()].filter((e) => e.finishing && isPlayer(e.state, userId));
      await Promise.all(writes.map((e) => e.finishing));
    },

    /** a new game: written with its lease, held here */
    async create(state: GameState): Promise<void> {
      const now = Date.now();
      const epoch = 1;
      // held before it is written, so a renewal meanwhile does not let its fresh lease go
      const entry: Entry = { state, epoch, tail: Promise.resolve(), since: now, touched: now };
      held.set(state.id, entry);
      try {
        await store.insert(state, { owner: me, epoch }, now + leaseMs);
      } catch (err) {
        drop(state.id, entry);
        throw err;
      }
    },

    /** games deleted from the database: nothing of them stays in memory */
    forget(ids: string[]) {
      for (const id of ids) held.delete(id);
    },

    /** games held in memory now */
    heldCount: () => held.size,

    /** another instance's request for a game this instance owns */
    async serve(request: unknown): Promise<RelayAnswer> {
      const r = request as RelayRequest;
      const entry = held.get(r.id);
      if (!entry || stopped) {
        // a lease held without the game in memory (a failed write dropped it): let it go now
        if (!stopped && !taking.has(r.id)) await store.release(me, [r.id]);
        return { held: false };
      }
      if (r.op === 'read') return { held: true, value: entry.state };
      try {
        const out = await inQueue(entry, () => applyHere(r.id, entry, r.userId, r.action, r.origin));
        return out === AGAIN ? { held: false } : { held: true, value: out };
      } catch (err) {
        if (err instanceof DomainError)
          return { held: true, error: { code: err.code, message: err.message } };
        throw err;
      }
    },

    /** requests to other instances' games go through this relay (Redis) */
    relayThrough(ready: Promise<OwnerRelay>) {
      relayReady = ready.then(
        (r) => {
          relay = r;
        },
        (err) => deps.onError(err, 'owner relay'),
      );
    },

    start() {
      renewing = setInterval(
        () => {
          renew().catch((err) => deps.onError(err, 'lease renewal'));
        },
        Math.max(100, Math.floor(leaseMs / 3)),
      );
      renewing.unref();
    },

    /** the instance stops: actions under way end, their writes land, the leases are given up */
    async stop(): Promise<void> {
      stopped = true;
      if (renewing) clearInterval(renewing);
      await Promise.all([...held.values()].map((e) => e.tail));
      await Promise.all([...held.values()].map((e) => e.finishing));
      await commits.idle();
      await snapshots.idle();
      held.clear();
      await store.release(me).catch((err) => deps.onError(err, 'lease release'));
      await relayReady;
      await relay?.close();
    },
  };
}

export type GameOwner = ReturnType<typeof createGameOwner>;
export { createGameStore };

/** a lease lasts this long without renewal: an owner that died is replaced within it */
export const GAME_LEASE_MS = 3_000;

/**
 * the same for an instance alone (no Redis): no other instance reads its leases, and it takes its
 * own back at once after a restart (it is always 'embedded'), so a renewal only does the
 * housekeeping (idle games let go). Renewing every held game's lease each second cost PGlite's
 * thread ≈ 3.6 ms and the server's ≈ 2.3 ms a second at 200 games (issue 16's B1)
 */
export const ALONE_LEASE_MS = 60_000;

/**
 * the owner as the service makes it. `clustered`: instances share the database (Redis configured),
 * so each process is its own owner; else the one embedded instance is always the same owner, and
 * a restart takes its games back at once
 */
export function gameOwnerFor(deps: {
  db: import('../../db/database.ts').Db;
  readSnapshot(id: string): Promise<GameState | null>;
  clustered: boolean;
  /** the embedded instance's journal of guesses (guess-journal.ts); none when instances share the database */
  journal?: GuessJournal;
  leaseMs?: number;
  onError(err: unknown, what: string): void;
}) {
  const instanceId = deps.clustered ? `instance-${crypto.randomUUID()}` : 'embedded';
  const { journal } = deps;
  return (effects: OwnerEffects) => {
    const store = createGameStore(deps.db);
    const owner = createGameOwner({
      store: journal ? journaledStore(store, journal) : store,
      readSnapshot: deps.readSnapshot,
      instanceId,
      leaseMs: deps.leaseMs ?? (deps.clustered ? GAME_LEASE_MS : ALONE_LEASE_MS),
      effects,
      onError: deps.onError,
      finishAfterAnswer: journal !== undefined,
    });
    owner.start();
    if (!journal) return owner;
    return {
      ...owner,
      // the guesses written last are copied in before the database closes
      async stop() {
        await owner.stop();
        await journal.close();
      },
    };
  };
}
