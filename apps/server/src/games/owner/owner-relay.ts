import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

// requests to the instance that owns a game, over Redis pub/sub: each instance listens on its own
// channel; a request names the owner, the answer comes back on the asker's channel. PUBLISH says
// how many listened, so a request to an instance that is gone (killed: Redis closed its
// connection) is known unanswered at once, without waiting for a timeout

export interface RelayAnswer {
  /** the owner had the game and acted: its answer; false: it does not hold the game (any more) */
  held: boolean;
  value?: unknown;
  error?: { code: string; message: string };
}

export interface OwnerRelay {
  /**
   * 'gone': nobody listens for that owner (it died, or lost Redis); undefined: it did not answer
   * in time
   */
  ask(owner: string, request: unknown): Promise<RelayAnswer | 'gone' | undefined>;
  close(): Promise<void>;
}

/**
 * an owner that does not answer within a lease's time is taken as dead: a request published in
 * the instant before its process died reached its subscription but will never be answered
 */
const ASK_TIMEOUT_MS = 3_000;

export async function createOwnerRelay(opts: {
  redis: Redis;
  prefix: string;
  instanceId: string;
  serve(request: unknown): Promise<RelayAnswer>;
  onError(err: unknown): void;
}): Promise<OwnerRelay> {
  const channel = (id: string) => `${opts.prefix}:game-owner:${id}`;
  const sub = opts.redis.duplicate();
  const pending = new Map<string, { resolve(a: RelayAnswer | undefined): void; timer: NodeJS.Timeout }>();
  sub.on('error', (err) => opts.onError(err));
  sub.on('message', (_channel: string, message: string) => {
    let m:
      | { t: 'ask'; id: string; from: string; request: unknown }
      | { t: 'answer'; id: string; answer: RelayAnswer };
    try {
      m = JSON.parse(message);
    } catch {
      return;
    }
    if (m.t === 'answer') {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      clearTimeout(p.timer);
      p.resolve(m.answer);
      return;
    }
    const { id, from } = m;
    opts
      .serve(m.request)
      .catch((err): RelayAnswer => {
        opts.onError(err);
        return { held: false };
      })
      .then((answer) => opts.redis.publish(channel(from), JSON.stringify({ t: 'answer', id, answer })))
      .catch((err) => opts.onError(err));
  });
  await sub.subscribe(channel(opts.instanceId));

  return {
    async ask(owner, request) {
      const id = randomUUID();
      const answer = new Promise<RelayAnswer | undefined>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve(undefined);
        }, ASK_TIMEOUT_MS);
        timer.unref();
        pending.set(id, { resolve, timer });
      });
      let listeners: number;
      try {
        listeners = await opts.redis.publish(
          channel(owner),
          JSON.stringify({ t: 'ask', id, from: opts.instanceId, request }),
        );
      } catch (err) {
        // Redis is away (or this instance is closing): no answer to wait for
        opts.onError(err);
        listeners = -1;
      }
      if (listeners === -1) {
        const p = pending.get(id);
        pending.delete(id);
        if (p) clearTimeout(p.timer);
        return undefined;
      }
      if (listeners === 0) {
        const p = pending.get(id);
        pending.delete(id);
        if (p) clearTimeout(p.timer);
        return 'gone';
      }
      return answer;
    },
    async close() {
      for (const p of pending.values()) {
        clearTimeout(p.timer);
        p.resolve(undefined);
      }
      pending.clear();
      await sub.quit().catch(() => {});
    },
  };
}
