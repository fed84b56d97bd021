import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { connected, type Driver, type LiveGame, meanBytes, withTimeout } from './load.ts';
import { guessFor } from './sayspell-driver.ts';

// the load generator's side of the Socket.IO relay (socketio-relay.ts): the same pairs, guesses and
// pacing, and the same client as for the server (socket.io-client, websocket transport only)

const TIMEOUT_MS = 20_000;

interface Pair {
  speller: Socket;
  speaker: Socket;
}

export function socketioRelayDriver(url: string, wordsPerGame: number): Driver {
  let pairs: Pair[] = [];
  /** `${gameId}:${currentIndex}` → resolves with the speaker's receipt time */
  const waiting = new Map<string, (t: number) => void>();
  const sizes: number[] = [];
  let messages = 0;

  async function connect(pair: number): Promise<Socket> {
    const socket = io(url, {
      auth: { pair },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.on('update-game', (view: { _id: string; currentIndex: number }) => {
      const t = performance.now();
      const key = `${view._id}:${view.currentIndex}`;
      const resolve = waiting.get(key);
      if (!resolve) return;
      waiting.delete(key);
      resolve(t);
      if (messages++ % 25 === 0) sizes.push(JSON.stringify(view).length);
    });
    await connected(socket, TIMEOUT_MS);
    return socket;
  }

  return {
    name: 'socketio-relay',

    async open(count) {
      pairs = [];
      for (let i = 0; i < count; i++) pairs.push({ speller: await connect(i), speaker: await connect(i) });
    },

    async prepare(pairIndex): Promise<LiveGame> {
      const { speller } = pairs[pairIndex]!;
      const gameId = randomUUID();
      return {
        words: wordsPerGame,
        async guess(index) {
          const partner = new Promise<number>((resolve) => waiting.set(`${gameId}:${index + 1}`, resolve));
          const ack = speller
            .timeout(TIMEOUT_MS)
            .emitWithAck('guess-word', { gameId, index, guess: guessFor(index) });
          await withTimeout(ack, TIMEOUT_MS, 'guess-word ack');
          const own = performance.now();
          return { partner: await withTimeout(partner, TIMEOUT_MS, 'relay update-game'), own };
        },
        finish: async () => {},
      };
    },

    async close() {
      for (const p of pairs) {
        p.speller.disconnect();
        p.speaker.disconnect();
      }
      pairs = [];
      waiting.clear();
    },

    payloadBytes: () => meanBytes(sizes),
  };
}
