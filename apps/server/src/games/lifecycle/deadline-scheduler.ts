import type { Clock } from '../game-service.ts';

// one clock for every deadline of this instance: a game's end, a player's wait, an invite's 30 s.
// a key has at most one deadline (setting it again moves it); everything is cleared on stop, as
// a colyseus room clears its clock on dispose. a deadline is this instance's only: the sweeps
// (game-lifecycle.ts) are the safety net when an instance dies with its timers.

export interface DeadlineScheduler {
  /** runs `run` at the clock's time `when` (at once when it is past); replaces the key's deadline */
  at(key: string, when: number, run: () => Promise<unknown> | unknown): void;
  /** clears the key's deadline; whether there was one */
  cancel(key: string): boolean;
  /** the clock time the key's deadline is set for, if it has one */
  when(key: string): number | undefined;
  /** runs `run` every `ms` until stop (one run at a time: a slow run skips its next turns) */
  every(ms: number, run: () => Promise<unknown>): void;
  stop(): void;
}

export function createDeadlineScheduler(deps: {
  clock: Clock;
  onError(err: unknown, key: string): void;
}): DeadlineScheduler {
  const pending = new Map<string, { timer: NodeJS.Timeout; when: number }>();
  const repeating = new Set<NodeJS.Timeout>();
  let stopped = false;

  function cancel(key: string): boolean {
    const entry = pending.get(key);
    if (!entry) return false;
    clearTimeout(entry.timer);
    pending.delete(key);
    return true;
  }

  return {
    at(key, when, run) {
      if (stopped) return;
      cancel(key);
      const timer = setTimeout(
        () => {
          if (pending.get(key)?.timer !== timer) return;
          pending.delete(key);
          Promise.resolve()
            .then(run)
            .catch((err) => deps.onError(err, key));
        },
        Math.max(0, when - deps.clock.now()),
      );
      timer.unref();
      pending.set(key, { timer, when });
    },
    cancel,
    when: (key) => pending.get(key)?.when,
    every(ms, run) {
      if (stopped) return;
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        run()
          .catch((err) => deps.onError(err, 'every'))
          .finally(() => {
            busy = false;
          });
      }, ms);
      timer.unref();
      repeating.add(timer);
    },
    stop() {
      stopped = true;
      for (const { timer } of pending.values()) clearTimeout(timer);
      pending.clear();
      for (const t of repeating) clearInterval(t);
      repeating.clear();
    },
  };
}
