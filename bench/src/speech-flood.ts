import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { type Child, root, startChild } from './latency/processes.ts';
import { median, writeResult } from './measure.ts';

// word-audio latency, quiet and under a public text-to-speech flood (issue 13 item 3): a solo
// player's turn starts (the guess's answer brings the next word's audio link) and the link is
// fetched at once; the time until its last byte is the word-audio latency. the flood is 25
// requests of ~200 characters kept in flight by 5 signed-in guests, each a fresh text (no cache
// hit), a refused one retried after 100 ms.
//   npm run speech-flood -w @sayspell/bench -- [--turns 20] [--before <checkout>] [--tag name]
// --before: a checkout of another commit (node_modules linked to this one's), measured the same way

const { values: args } = parseArgs({
  options: {
    turns: { type: 'string', default: '20' },
    flood: { type: 'string', default: '25' },
    before: { type: 'string' },
    tag: { type: 'string' },
  },
});
const TURNS = Number(args.turns);
const FLOOD = Number(args.flood);
const FLOODERS = 5;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-speech-flood-'));

interface View {
  _id: string;
  currentIndex: number;
  current: { index: number; audio: string | null } | null;
}
type Ack = { ok: true; game: View } | { ok: false; error: { code: string; message: string } };

async function post<T>(url: string, pathname: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${pathname}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const guest = (url: string) =>
  post<{ token: { accessToken: string }; user: { _id: string } }>(url, '/v1/auth/login', {
    strategy: 'guest',
  });

async function connect(url: string, token: string): Promise<Socket> {
  const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const ask = (socket: Socket, event: string, payload: unknown) =>
  socket.timeout(120_000).emitWithAck(event, payload) as Promise<Ack>;

/** a solo game past its countdown; each call to next() starts a turn and times its audio */
async function soloPlayer(url: string) {
  const login = await guest(url);
  const token = login.token.accessToken;
  const socket = await connect(url, token);
  let game: View | null = null;
  let guesses = 0;

  async function newGame() {
    const created = await post<View>(
      url,
      '/v1/game',
      {
        language: 'English',
        difficulty: 'beginner',
        category: 'category_animals',
        gameTimer: '600',
        solo: true,
        speller: login.user._id,
      },
      token,
    );
    const hs = await ask(socket, 'initiate-handshake', { gameId: created._id });
    if (!hs.ok) throw new Error(`handshake: ${hs.error.message}`);
    // the countdown: guesses are refused until it is over
    for (;;) {
      const a = await ask(socket, 'guess-word', { gameId: created._id, index: 0, guess: 'qxzaj' });
      if (a.ok) return a.game;
      if (a.error.code !== 'COUNTDOWN') throw new Error(`guess: ${a.error.message}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  return {
    /** ms from the turn's start (the guess's answer) to the audio's last byte */
    async next(): Promise<number> {
      if (!game?.current) game = await newGame();
      else {
        const a = await ask(socket, 'guess-word', {
          gameId: game._id,
          index: game.currentIndex,
          guess: `qxz${guesses++}j`,
        });
        if (!a.ok) throw new Error(`guess: ${a.error.message}`);
        game = a.game;
        if (!game.current) game = await newGame();
      }
      const started = performance.now();
      const res = await fetch(`${url}${game.current?.audio}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`audio: ${res.status}`);
      return performance.now() - started;
    },
    close: () => socket.disconnect(),
  };
}

/** FLOOD requests of ~200 characters in flight until stopped; counts the answers by status */
async function flood(url: string) {
  const tokens = await Promise.all(
    Array.from({ length: FLOODERS }, async () => (await guest(url)).token.accessToken),
  );
  const statuses: Record<string, number> = {};
  let stop = false;
  let n = 0;
  const text = () =>
    `${n++} ${'a stranger asks the server to read this long sentence aloud again and again '.repeat(3)}`.slice(
      0,
      200,
    );
  const worker = async (token: string) => {
    while (!stop) {
      const res = await fetch(`${url}/v1/google/text-to-speech?text=${encodeURIComponent(text())}`, {
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => null);
      await res?.arrayBuffer().catch(() => {});
      const status = String(res?.status ?? 'error');
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (res?.status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
  };
  const workers = Array.from({ length: FLOOD }, (_, i) => worker(tokens[i % FLOODERS]!));
  return {
    statuses,
    async stop() {
      stop = true;
      await Promise.all(workers);
    },
  };
}

const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    turns: s.length,
    medianMs: +median(s).toFixed(0),
    p90Ms: +(s[Math.floor(s.length * 0.9)] ?? Number.NaN).toFixed(0),
    maxMs: +(s.at(-1) ?? Number.NaN).toFixed(0),
  };
};

async function measure(checkout: string, name: string) {
  const server: Child = await startChild(
    path.join(checkout, 'apps/server/src/main.ts'),
    {
      DATA_DIR: path.join(dataDir, name),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000000',
      GUEST_MAX_PER_IP: '100000000',
      REGISTER_MAX_PER_IP: '100000000',
      ACCESS_TOKEN_TTL: '7200',
      REDIS_PREFIX: `bench-speech-flood-${name}-${process.pid}`,
    },
    [],
    // a busy shared machine can take more than a minute to start a server
    180_000,
  );
  try {
    const player = await soloPlayer(server.url);
    const quiet: number[] = [];
    for (let i = 0; i < TURNS; i++) quiet.push(await player.next());
    const flooding = await flood(server.url);
    // the flood fills the queue before the first turn is timed
    await new Promise((r) => setTimeout(r, 2000));
    const loaded: number[] = [];
    for (let i = 0; i < TURNS; i++) loaded.push(await player.next());
    await flooding.stop();
    player.close();
    const result = { quiet: summary(quiet), flood: { ...summary(loaded), floodAnswers: flooding.statuses } };
    console.info(
      `${name.padEnd(7)} quiet median ${result.quiet.medianMs} ms (max ${result.quiet.maxMs}) | under the flood` +
        ` median ${result.flood.medianMs} ms, p90 ${result.flood.p90Ms}, max ${result.flood.maxMs}` +
        ` | flood answers ${JSON.stringify(flooding.statuses)}`,
    );
    return result;
  } finally {
    await server.stop();
  }
}

const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
results.after = await measure(root, 'after');
if (args.before) results.before = await measure(path.resolve(args.before), 'before');
const name = `speech-flood${args.tag ? `-${args.tag}` : ''}`;
console.info(
  'written to',
  writeResult(name, { turns: TURNS, flood: { inFlight: FLOOD, users: FLOODERS, chars: 200 }, results }),
);
process.exit(0);
