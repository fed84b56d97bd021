import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Limiter } from '@sayspell/server/providers/tts/limiter';

// the load generator's part that does not depend on the system under test: N games at once,
// each a closed loop (guess, wait until both players have the new state, think, guess again),
// timed with performance.now() in this one process.

export interface LiveGame {
  words: number;
  /** sends guess `index` now; resolves with when the partner got the new state and the speller its reply */
  guess(index: number): Promise<{ partner: number; own: number }>;
  finish(): Promise<void>;
}

export interface Driver {
  name: string;
  /** logs in and connects `pairs` pairs of players */
  open(pairs: number): Promise<void>;
  /** a game for pair `pair`, started and past its countdown, ready for the first guess */
  prepare(pair: number): Promise<LiveGame>;
  close(): Promise<void>;
  /** average size in bytes of the partner's message, as received */
  payloadBytes(): number;
}

export interface RoundResult {
  partnerMs: number[];
  /** the same guesses split: the ones that leave the game going on, and the game's last (its full views) */
  turnMs: number[];
  lastMs: number[];
  ownMs: number[];
  errors: string[];
  games: number;
  loadGenLagP99Ms: number;
  wallMs: number;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** the speller's think time between hearing the word and guessing: uniform in [min, max] */
export const thinkMs = (min: number, max: number) => () => min + Math.random() * (max - min);

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let t: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    t = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(t));
}

/** a socket.io client's connection: resolves once it is connected, rejects with its connect error */
export function connected(
  socket: { once(event: 'connect' | 'connect_error', f: (err?: Error) => void): unknown },
  ms: number,
): Promise<void> {
  const open = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  return withTimeout(open, ms, 'socket connect');
}

/** the mean of the message sizes sampled, rounded (a driver's payloadBytes) */
export const meanBytes = (sizes: number[]) =>
  Math.round(sizes.reduce((a, b) => a + b, 0) / Math.max(1, sizes.length));

/**
 * games prepared at once before play. Preparing is not measured; 1,000 invitations sent at once
 * were answered later than the driver's 20 s timeout on a slow machine (docs/performance.md)
 */
const PREPARE_AT_ONCE = 100;

/**
 * runs `slots` games at once, `gamesPerSlot` one after the other in each slot. every slot's first
 * game is prepared before any guess (then `onPlay` is called); while a slot plays a game, its next
 * game (on the slot's other pair of players) is prepared, so countdowns overlap play
 */
export async function runRound(
  driver: Driver,
  opts: { slots: number; gamesPerSlot: number; think: () => number; onPlay?: () => void },
): Promise<RoundResult> {
  const result: RoundResult = {
    partnerMs: [],
    turnMs: [],
    lastMs: [],
    ownMs: [],
    errors: [],
    games: 0,
    loadGenLagP99Ms: 0,
    wallMs: 0,
  };
  const pairsPerSlot = opts.gamesPerSlot > 1 ? 2 : 1;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  let started = 0;
  let ready = 0;
  let play!: () => void;
  const allReady = new Promise<void>((r) => {
    play = r;
  });

  async function playGame(game: LiveGame) {
    for (let i = 0; i < game.words; i++) {
      await sleep(opts.think());
      const t0 = performance.now();
      try {
        const { partner, own } = await game.guess(i);
        result.partnerMs.push(partner - t0);
        (i === game.words - 1 ? result.lastMs : result.turnMs).push(partner - t0);
        result.ownMs.push(own - t0);
      } catch (err) {
        result.errors.push((err as Error).message);
        break;
      }
    }
    await game.finish();
    result.games++;
  }

  const preparing = new Limiter(PREPARE_AT_ONCE, Number.POSITIVE_INFINITY);
  async function slot(s: number) {
    const pairOf = (g: number) => s * pairsPerSlot + (g % pairsPerSlot);
    let next = preparing.run(() => driver.prepare(pairOf(0)));
    try {
      await next;
    } finally {
      if (++ready === opts.slots) {
        opts.onPlay?.();
        started = performance.now();
        lag.enable();
        play();
      }
    }
    await allReady;
    for (let g = 0; g < opts.gamesPerSlot; g++) {
      const game = await next;
      if (g + 1 < opts.gamesPerSlot) {
        next = driver.prepare(pairOf(g + 1));
        next.catch(() => {}); // handled when awaited; this only keeps node from calling it unhandled
      }
      await playGame(game);
    }
  }

  const outcomes = await Promise.allSettled(Array.from({ length: opts.slots }, (_, s) => slot(s)));
  lag.disable();
  for (const o of outcomes) if (o.status === 'rejected') result.errors.push(String(o.reason));
  result.loadGenLagP99Ms = lag.percentile(99) / 1e6 - 10; // the histogram includes the 10 ms resolution
  result.wallMs = performance.now() - started;
  return result;
}

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}
