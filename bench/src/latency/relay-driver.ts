import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { type Driver, type LiveGame, meanBytes, withTimeout } from './load.ts';
import { guessFor } from './sayspell-driver.ts';

// the load generator's side of the bare ws relay: the same pairs, guesses and pacing as for the
// server; every message is parsed here as socket.io-client parses the server's

const TIMEOUT_MS = 20_000;

interface Pair {
  speller: WebSocket;
  speaker: WebSocket;
}

export function relayDriver(url: string, wordsPerGame: number): Driver {
  let pairs: Pair[] = [];
  /** `${gameId}:${currentIndex}:${role}` → resolves with the receipt time */
  const waiting = new Map<string, (t: number) => void>();
  const sizes: number[] = [];
  let messages = 0;

  async function connect(pair: number, role: 'speller' | 'speaker'): Promise<WebSocket> {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/?pair=${pair}&role=${role}`);
    ws.on('message', (data: Buffer) => {
      const t = performance.now();
      const text = String(data);
      const view = JSON.parse(text) as { _id: string; currentIndex: number };
      const key = `${view._id}:${view.currentIndex}:${role}`;
      const resolve = waiting.get(key);
      if (!resolve) return;
      waiting.delete(key);
      resolve(t);
      if (role === 'speaker' && messages++ % 25 === 0) sizes.push(text.length);
    });
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      }),
      TIMEOUT_MS,
      'ws connect',
    );
    return ws;
  }

  const receipt = (gameId: string, index: number, role: string) =>
    new Promise<number>((resolve) => waiting.set(`${gameId}:${index}:${role}`, resolve));

  return {
    name: 'ws-relay',

    async open(count) {
      pairs = [];
      for (let i = 0; i < count; i++)
        pairs.push({ speller: await connect(i, 'speller'), speaker: await connect(i, 'speaker') });
    },

    async prepare(pairIndex): Promise<LiveGame> {
      const { speller } = pairs[pairIndex]!;
      const gameId = randomUUID();
      return {
        words: wordsPerGame,
        async guess(index) {
          const partner = receipt(gameId, index + 1, 'speaker');
          const own = receipt(gameId, index + 1, 'speller');
          speller.send(JSON.stringify({ gameId, index, guess: guessFor(index) }));
          const [p, o] = await withTimeout(Promise.all([partner, own]), TIMEOUT_MS, 'relay answer');
          return { partner: p, own: o };
        },
        finish: async () => {},
      };
    },

    async close() {
      for (const p of pairs) {
        p.speller.close();
        p.speaker.close();
      }
      pairs = [];
      waiting.clear();
    },

    payloadBytes: () => meanBytes(sizes),
  };
}
