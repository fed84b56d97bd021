import type { GameBroadcaster, GameService } from '../game-service.ts';
import type { DeadlineScheduler } from './deadline-scheduler.ts';

// the one owner of what happens to a game when its players come and go (the anchor: a colyseus
// Room's onLeave + allowReconnection, its clock cleared on dispose). the socket layer only reports
// presence: a player joined a game, or left it with a cause.
//   'network': the transport closed or stopped answering pings. the game waits up to
//     networkGraceMs while its clock keeps running (the server is the clock's only authority, as
//     lichess's is for a disconnected player); the partner is told at once, and until when.
//   'closed': Leave, a closed page (its beacon) or a client that said goodbye. the partner hears
//     of it the same way, and the wait is closedGraceMs: long enough for a reload, no longer.
// past the wait a partnered game ends as 'partner-left' (the finish names who left); a solo game
// closed for good is deleted; a solo game whose network went away just goes on to its deadline.
// a wait is this instance's; a player back through another instance ends it by the relay, and a
// wait's end looks at presence across instances before it acts. the sweeps catch what an
// instance that died left behind.

export type LeaveCause = 'closed' | 'network';

export interface LifecycleNotifier {
  /** the partner: the player is away; the game ends at `until` unless they are back */
  reconnecting(gameId: string, userId: string, until: number): void;
  /** the partner: the player is back */
  back(gameId: string, userId: string): void;
  /** the game's channel: the player is gone for good (member-removed) */
  removed(gameId: string, userId: string): void;
}

export interface GameLifecycleDeps {
  games: Pick<
    GameService,
    'stateOf' | 'partnerLeft' | 'settleAbandoned' | 'abandon' | 'keepAbandoned' | 'sweep' | 'resumeTimers'
  >;
  invites: { sweep(): Promise<number> };
  scheduler: DeadlineScheduler;
  clock: { now(): number };
  notify: LifecycleNotifier;
  /** players connected to the game's channel now, on every instance */
  playersOnline(gameId: string): Promise<Set<string>>;
  networkGraceMs: number;
  closedGraceMs: number;
  /** what the lifecycle decided, for the operator (info level) */
  log?: (fields: Record<string, unknown>, message: string) => void;
}

interface Wait {
  until: number;
  /** a closed page's beacon marked the game: its end is settled as the abandon sweep does */
  marked: boolean;
}

export function createGameLifecycle(deps: GameLifecycleDeps) {
  const { games, scheduler, clock, notify } = deps;
  const waits = new Map<string, Wait>();
  const key = (gameId: string, userId: string) => `player-away:${gameId}:${userId}`;

  function arm(gameId: string, userId: string, solo: boolean, wait: Wait) {
    if (stopped) return;
    const k = key(gameId, userId);
    const before = waits.get(k);
    // a shorter wait already running stands (a beacon, then its socket closing)
    if (before && before.until <= wait.until) return;
    waits.set(k, wait);
    deps.log?.({ gameId, userId, until: wait.until, marked: wait.marked }, 'game waits for a player');
    if (!solo) notify.reconnecting(gameId, userId, wait.until);
    scheduler.at(k, wait.until, () => end(gameId, userId));
  }

  /** the wait is over: the player is back (nothing to do) or gone for good */
  async function end(gameId: string, userId: string) {
    const k = key(gameId, userId);
    const wait = waits.get(k);
    waits.delete(k);
    if (!wait) return;
    if (wait.marked) {
      if (await games.settleAbandoned(gameId)) notify.removed(gameId, userId);
      return;
    }
    if ((await deps.playersOnline(gameId)).has(userId)) return;
    const state = await games.stateOf(gameId);
    if (!state || state.solo || state.status === 'finished') return;
    deps.log?.({ gameId, userId }, 'player did not come back: the game ends');
    notify.removed(gameId, userId);
    await games.partnerLeft(gameId, userId);
  }

  function cancel(gameId: string, userId: string): boolean {
    const k = key(gameId, userId);
    scheduler.cancel(k);
    return waits.delete(k);
  }

  let stopped = false;
  const lifecycle = {
    /** the socket layer: a player's last socket on the game's channel (on this instance) closed */
    async left(gameId: string, userId: string, cause: LeaveCause): Promise<void> {
      // an instance shutting down closes every transport: its players come back elsewhere, and
      // nothing may be told or timed from here once its adapter and database are closing
      if (stopped) return;
      const state = await games.stateOf(gameId);
      if (!state || state.status === 'finished') return;
      if (state.spellerId !== userId && state.speakerId !== userId) return;
      // another tab of theirs is still in the game
      if ((await deps.playersOnline(gameId)).has(userId)) return;
      // a solo game whose network went away only runs on to its deadline
      if (state.solo && cause === 'network') return;
      const grace = cause === 'network' ? deps.networkGraceMs : deps.closedGraceMs;
      arm(gameId, userId, state.solo, { until: clock.now() + grace, marked: false });
    },

    /** the page was closed (its beacon): the game is kept for closedGraceMs, for a reload */
    async closedPage(gameId: string, userId: string): Promise<boolean> {
      // marks the game in the database (refusing a stranger), so any instance's sweep can end it
      const marked = await games.abandon(gameId, userId);
      if (!marked) return false;
      const state = await games.stateOf(gameId);
      if (state) arm(gameId, userId, state.solo, { until: clock.now() + deps.closedGraceMs, marked: true });
      return true;
    },

    /**
     * a player asked for a game whose page they closed (its beacon) and that waits for them here:
     * a reload whose new page loads. on a slow phone or network it may reach the game's channel
     * only after the short wait for a closed page, so asking for the game already counts as back.
     * a map lookup unless that wait exists (GET /v1/game/:id is a hot read)
     */
    async pageBack(gameId: string, userId: string): Promise<boolean> {
      if (!waits.get(key(gameId, userId))?.marked) return false;
      await games.keepAbandoned(gameId);
      lifecycle.joined(gameId, userId);
      return true;
    },

    /** the socket layer: a player is (back) on the game's channel. whether a wait ended here */
    joined(gameId: string, userId: string): boolean {
      if (stopped) return false;
      const had = cancel(gameId, userId);
      if (had) {
        deps.log?.({ gameId, userId }, 'player back in the game');
        notify.back(gameId, userId);
      }
      lifecycle.relay?.(gameId, userId);
      return had;
    },

    /** the game finished (its words, its clock, a partner gone): nothing is waited for any more */
    finished(gameId: string): void {
      const prefix = key(gameId, '');
      for (const k of [...waits.keys()]) {
        if (!k.startsWith(prefix)) continue;
        scheduler.cancel(k);
        waits.delete(k);
      }
    },

    /** another instance heard the player come back: a wait held here ends */
    heard(gameId: string, userId: string): void {
      if (cancel(gameId, userId)) notify.back(gameId, userId);
    },

    /** set by the socket layer: tells the other instances a player is back */
    relay: undefined as ((gameId: string, userId: string) => void) | undefined,

    /** when the game's wait for this player ends, if it is waiting here */
    waitingUntil: (gameId: string, userId: string) => waits.get(key(gameId, userId))?.until,

    /** the safety net: deadlines and closed pages whose timers died with another instance */
    async sweep(): Promise<number> {
      const [games_, invites] = await Promise.all([games.sweep(), deps.invites.sweep()]);
      return games_ + invites;
    },

    /** after a restart: every running game gets its deadline back */
    resume: () => games.resumeTimers(),

    /** the instance stops: every deadline and wait is cleared */
    stop() {
      stopped = true;
      waits.clear();
      scheduler.stop();
    },
  };
  return lifecycle;
}

export type GameLifecycle = ReturnType<typeof createGameLifecycle>;

/** a broadcaster that also tells `onFinished` of every game that finished on this instance */
export function finishing(inner: GameBroadcaster, onFinished: (gameId: string) => void): GameBroadcaster {
  return {
    started: (state, origin) => inner.started(state, origin),
    updated: (state, applied) => inner.updated(state, applied),
    finished(state, ended) {
      inner.finished(state, ended);
      onFinished(state.id);
    },
  };
}
