import { TtsError } from './types.ts';

// the public text-to-speech (any text a signed-in client sends) is bounded, so no one can use the
// server as a free speech engine, nor fill a queue that others then wait behind: each user has a
// budget per minute and a few requests at once, and the whole lane holds a few requests in all.
// the game's word audio never passes here: it has its own synthesizer.

export interface PublicGateOptions {
  /** requests one user may make per minute */
  perMinute: number;
  /** requests one user may have running or waiting at once */
  perUser?: number;
  /** requests running or waiting in all; more are refused at once rather than queued */
  maxPending: number;
  now?: () => number;
}

const WINDOW_MS = 60_000;

export function createPublicGate(opts: PublicGateOptions) {
  const perUser = opts.perUser ?? 2;
  const now = opts.now ?? Date.now;
  const used = new Map<string, number[]>();
  const active = new Map<string, number>();
  let pending = 0;

  function spend(userId: string) {
    const since = now() - WINDOW_MS;
    const times = (used.get(userId) ?? []).filter((t) => t > since);
    if (times.length >= opts.perMinute) {
      used.set(userId, times);
      throw new TtsError(
        'RATE_LIMITED',
        `You have used your ${opts.perMinute} text-to-speech requests for this minute; try again in a minute.`,
      );
    }
    times.push(now());
    used.set(userId, times);
  }

  // the windows of users who stopped asking are dropped now and then, so the map stays small
  const sweep = setInterval(() => {
    const since = now() - WINDOW_MS;
    for (const [id, times] of used) if (!times.some((t) => t > since)) used.delete(id);
  }, WINDOW_MS);
  sweep.unref();

  return {
    async run<T>(userId: string, task: () => Promise<T>): Promise<T> {
      const mine = active.get(userId) ?? 0;
      if (mine >= perUser) {
        throw new TtsError(
          'RATE_LIMITED',
          `You already have ${perUser} speech requests on the way; wait for them to finish.`,
        );
      }
      if (pending >= opts.maxPending) {
        throw new TtsError('UNAVAILABLE', 'Speech synthesis is busy right now; try again in a few seconds.');
      }
      spend(userId);
      active.set(userId, mine + 1);
      pending++;
      try {
        return await task();
      } finally {
        pending--;
        const left = (active.get(userId) ?? 1) - 1;
        if (left > 0) active.set(userId, left);
        else active.delete(userId);
      }
    },
    close() {
      clearInterval(sweep);
    },
  };
}

export type PublicGate = ReturnType<typeof createPublicGate>;
