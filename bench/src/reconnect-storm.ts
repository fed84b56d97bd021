import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { sleep, withTimeout } from './latency/load.ts';
import { benchServerEnv, type Child, freePort, machineBusyMs, startChild } from './latency/processes.ts';
import { guessFor } from './latency/sayspell-driver.ts';
import { median, writeResult } from './measure.ts';

// B6: reconnect storm. `--sockets` players (pairs in partnered games, started and mid-game) are
// connected; the server gets SIGTERM and a new process starts on the same port with the same data.
// measured from the SIGTERM: when the new process answers /health, when every socket is connected
// again, and when every socket is resynced (its subscribe + initiate-handshake answered with its
// game). around each restart every game makes guesses; every guess must reach the partner exactly
// once (update-game with the next index; resync answers are counted apart) and the resynced view
// must hold every acknowledged guess. the baseline is a bare ws echo server restarted the same way,
// its clients reconnecting on socket.io-client's schedule (1 s doubling to 5 s, ±50 %); a client
// is back when one message made the round trip. rounds alternate; medians.
//   npm run reconnect-storm -w @sayspell/bench -- [--sockets 4000] [--rounds 3]

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '4000' },
    rounds: { type: 'string', default: '3' },
    'guesses-per-round': { type: 'string', default: '2' },
    'guess-rate': { type: 'string', default: '150' },
  },
});
const SOCKETS = Number(args.sockets);
const GAMES = Math.floor(SOCKETS / 2);
const ROUNDS = Number(args.rounds);
/** guesses are spread so that all games together offer `--guess-rate` guesses per second (a
 * first version sent 2,000 guesses within 2 s and saturated the server before the restart) */
const GUESS_RATE = Number(args['guess-rate']);
const SPREAD_MS = Math.max(1000, (2 * (Math.floor(Number(args.sockets) / 2) * 1000)) / GUESS_RATE);
const GUESSES = Number(args['guesses-per-round']);
const onPostgres = !!process.env.DATABASE_URL;
const backend = onPostgres ? `postgres${process.env.REDIS_URL ? '+redis' : ''}` : 'pglite';

interface View {
  _id: string;
  status: string;
  currentIndex: number;
  words: { guess: string | null }[];
  startsAt: number | null;
  serverNow: number;
}
type Ack = { ok: true; game: View } | { ok: false; error: { code: string; message: string } };

interface Player {
  id: string;
  token: string;
  socket: Socket;
  gameId: string;
  /** currentIndex → how many update-games with it arrived while playing (not resyncing) */
  received: Map<number, number>;
  resyncing: boolean;
  resyncMessages: number;
  connectedAt: number;
  resyncedAt: number;
  resyncedView: View | null;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-storm-'));
const port = await freePort();
const serverEnv = benchServerEnv(dataDir, `bench-storm-${process.pid}`);
const startServer = () => startChild('apps/server/src/main.ts', serverEnv, [], 60_000, port);
let server: Child = await startServer();
const url = server.url;
// a failure before the rounds must not leave the server running
process.on('uncaughtException', async (err) => {
  console.error(err);
  await server.stop();
  process.exit(1);
});
process.on('unhandledRejection', async (err) => {
  console.error(err);
  await server.stop();
  process.exit(1);
});

async function post<T>(pathname: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${pathname}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const ask = (p: Player, event: string, payload: unknown, ms = 30_000) =>
  p.socket.timeout(ms).emitWithAck(event, payload) as Promise<Ack>;

async function resync(p: Player) {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const sub = await ask(p, 'subscribe', { channel: `presence-game-${p.gameId}` });
      if (!sub.ok) throw new Error(sub.error.message);
      const hs = await ask(p, 'initiate-handshake', { gameId: p.gameId });
      if (!hs.ok) throw new Error(hs.error.message);
      p.resyncedAt = performance.now();
      p.resyncedView = hs.game;
      p.resyncing = false;
      return;
    } catch {
      await sleep(500);
    }
  }
}

async function player(): Promise<Player> {
  const login = await post<{ token: { accessToken: string }; user: { _id: string } }>('/v1/auth/login', {
    strategy: 'guest',
  });
  // invites need the EULA accepted (§6)
  await post('/v1/users/confirm-eula', { userId: login.user._id }, login.token.accessToken);
  const socket = io(url, {
    auth: { token: login.token.accessToken },
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
  });
  const p: Player = {
    id: login.user._id,
    token: login.token.accessToken,
    socket,
    gameId: '',
    received: new Map(),
    resyncing: false,
    resyncMessages: 0,
    connectedAt: 0,
    resyncedAt: 0,
    resyncedView: null,
  };
  socket.on('update-game', (view: View) => {
    if (view._id !== p.gameId) return;
    if (p.resyncing) p.resyncMessages++;
    else p.received.set(view.currentIndex, (p.received.get(view.currentIndex) ?? 0) + 1);
  });
  socket.on('disconnect', () => {
    p.resyncing = true;
  });
  socket.io.on('reconnect', () => {
    p.connectedAt = performance.now();
    void resync(p);
  });
  await withTimeout(
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    }),
    30_000,
    'connect',
  );
  return p;
}

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size)
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))),
    );
  return out;
}

const settings = {
  language: 'English',
  difficulty: 'beginner',
  category: 'category_animals',
  gameTimer: '600',
};
const t0 = performance.now();
const players = await inBatches(SOCKETS, 50, () => player());
const games = await inBatches(GAMES, 25, async (g) => {
  const speller = players[2 * g]!;
  const speaker = players[2 * g + 1]!;
  // a partnered game needs both players' consent: the speaker invites, the speller accepts
  const sent = (await ask(speaker, 'invite', {
    to: speller.id,
    settings: { ...settings, role: 'speaker' },
  })) as { ok: true; inviteId: string } | { ok: false; error: { message: string } };
  if (!sent.ok) throw new Error(`invite: ${sent.error.message}`);
  const accepted = (await ask(speller, 'invite-response', { inviteId: sent.inviteId, response: true })) as
    | { ok: true; gameId: string }
    | { ok: false; error: { message: string } };
  if (!accepted.ok) throw new Error(`accept: ${accepted.error.message}`);
  const created = { _id: accepted.gameId };
  speller.gameId = speaker.gameId = created._id;
  for (const p of [speller, speaker]) {
    const sub = await ask(p, 'subscribe', { channel: `presence-game-${created._id}` });
    if (!sub.ok) throw new Error(sub.error.message);
  }
  for (;;) {
    const acks = await Promise.all(
      [speller, speaker].map((p) => ask(p, 'initiate-handshake', { gameId: created._id })),
    );
    const view = acks.map((a) => (a.ok ? a.game : null)).find((v) => v?.status === 'started');
    if (view)
      return {
        speller,
        speaker,
        gameId: created._id,
        startsAt: performance.now() + (view.startsAt! - view.serverNow),
      };
    await sleep(100);
  }
});
await sleep(Math.max(0, Math.max(...games.map((g) => g.startsAt)) - performance.now() + 200));
console.info(
  `${SOCKETS} sockets, ${GAMES} games started in ${Math.round((performance.now() - t0) / 1000)} s`,
);

/** every game makes `GUESSES` guesses from `from`, paced over ~`spreadMs`; returns the acknowledged count */
async function play(from: number, spreadMs: number) {
  let acked = 0;
  const failures: string[] = [];
  await Promise.all(
    games.map(async (g) => {
      for (let i = from; i < from + GUESSES; i++) {
        await sleep(Math.random() * spreadMs);
        const a = await ask(g.speller, 'guess-word', {
          gameId: g.gameId,
          index: i,
          guess: guessFor(i),
        }).catch((e: Error) => ({ ok: false as const, error: { code: 'TIMEOUT', message: e.message } }));
        if (a.ok) {
          acked++;
          // the speller's delivery is its answer: the broadcast skips the socket that guessed
          const { received } = g.speller;
          received.set(a.game.currentIndex, (received.get(a.game.currentIndex) ?? 0) + 1);
        } else failures.push(a.error.code);
      }
    }),
  );
  await sleep(1500); // the last deliveries
  return { acked, failures: failures.length };
}

/** lost: an acknowledged guess whose update-game never reached a player; duplicated: arrived twice */
function deliveries(upTo: number) {
  let lost = 0;
  let duplicated = 0;
  for (const p of players)
    for (let index = 1; index <= upTo; index++) {
      const n = p.received.get(index) ?? 0;
      if (n === 0) lost++;
      if (n > 1) duplicated += n - 1;
    }
  return { lost, duplicated };
}

async function sayspellRound(r: number) {
  const from = r * 2 * GUESSES;
  const before = await play(from, SPREAD_MS);
  for (const p of players) {
    p.connectedAt = 0;
    p.resyncedAt = 0;
    p.resyncedView = null;
  }
  const busy0 = machineBusyMs();
  const t = performance.now();
  await server.stop();
  const stoppedMs = performance.now() - t;
  server = await startServer();
  const upMs = performance.now() - t;
  const deadline = performance.now() + 120_000;
  while (players.some((p) => !p.resyncedAt) && performance.now() < deadline) await sleep(50);
  const wall = performance.now() - t;
  const back = players.filter((p) => p.connectedAt).map((p) => p.connectedAt - t);
  const resynced = players.filter((p) => p.resyncedAt).map((p) => p.resyncedAt - t);
  // the resynced view must hold every guess acknowledged before the restart
  let missingInView = 0;
  for (const p of players) {
    const v = p.resyncedView;
    if (!v || v.currentIndex !== from + GUESSES) missingInView++;
    else for (let i = 0; i < from + GUESSES; i++) if (v.words[i]?.guess !== guessFor(i)) missingInView++;
  }
  const after = await play(from + GUESSES, SPREAD_MS);
  const d = deliveries(from + 2 * GUESSES);
  const result = {
    stoppedMs: Math.round(stoppedMs),
    newProcessHealthyMs: Math.round(upMs),
    allBackMs: back.length === SOCKETS ? Math.round(Math.max(...back)) : null,
    allResyncedMs: resynced.length === SOCKETS ? Math.round(Math.max(...resynced)) : null,
    resyncedP50Ms: Math.round(median(resynced)),
    back: back.length,
    resynced: resynced.length,
    resyncViewsMissingAGuess: missingInView,
    guessesAcked: before.acked + after.acked,
    guessFailures: before.failures + after.failures,
    lostDeliveries: d.lost,
    duplicatedDeliveries: d.duplicated,
    resyncUpdateGames: players.reduce((a, p) => a + p.resyncMessages, 0),
    machineBusyMsPerS: Math.round((machineBusyMs() - busy0) / (wall / 1000)),
  };
  for (const p of players) p.resyncMessages = 0;
  return result;
}

// the baseline
async function baselineRound() {
  const echo = await startChild('bench/src/baselines/echo-ws.ts', {});
  const wsUrl = echo.url.replace('http', 'ws');
  const echoPort = Number(new URL(echo.url).port);
  const clients: { ws: WebSocket; backAt: number; attempts: number; down: boolean }[] = [];
  function connect(c: { ws: WebSocket; backAt: number; attempts: number; down: boolean } | null) {
    const ws = new WebSocket(wsUrl);
    const client = c ?? { ws, backAt: 0, attempts: 0, down: false };
    client.ws = ws;
    ws.on('open', () => ws.send('ping'));
    ws.on('message', () => {
      if (client.down) {
        client.backAt = performance.now();
        client.down = false;
        client.attempts = 0;
      }
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      client.down = true;
      // socket.io-client's schedule: 1 s, doubling, at most 5 s, ±50 %
      const delay = Math.min(5000, 1000 * 2 ** client.attempts++) * (0.5 + Math.random());
      setTimeout(() => connect(client), delay);
    });
    return client;
  }
  await inBatches(SOCKETS, 100, async () => {
    const c = connect(null);
    clients.push(c);
    await new Promise((r) => c.ws.once('message', r));
  });
  const t = performance.now();
  await echo.stop();
  const next = await startChild('bench/src/baselines/echo-ws.ts', {}, [], 60_000, echoPort);
  const upMs = performance.now() - t;
  const deadline = performance.now() + 120_000;
  while (clients.some((c) => c.down || !c.backAt) && performance.now() < deadline) await sleep(50);
  const back = clients.filter((c) => c.backAt).map((c) => c.backAt - t);
  for (const c of clients) {
    c.ws.removeAllListeners('close');
    c.ws.on('close', () => {});
    c.ws.close();
  }
  await next.stop();
  return {
    newProcessHealthyMs: Math.round(upMs),
    allBackMs: back.length === SOCKETS ? Math.round(Math.max(...back)) : null,
    backP50Ms: Math.round(median(back)),
    back: back.length,
  };
}

const sayspellRounds: Awaited<ReturnType<typeof sayspellRound>>[] = [];
const baselineRounds: Awaited<ReturnType<typeof baselineRound>>[] = [];
try {
  for (let r = 0; r < ROUNDS; r++) {
    for (const which of r % 2 ? ['baseline', 'sayspell'] : ['sayspell', 'baseline']) {
      if (which === 'sayspell') {
        const s = await sayspellRound(r);
        sayspellRounds.push(s);
        console.info(`round ${r + 1} sayspell:`, JSON.stringify(s));
      } else {
        const b = await baselineRound();
        baselineRounds.push(b);
        console.info(`round ${r + 1} ws echo:`, JSON.stringify(b));
      }
    }
  }
} finally {
  for (const p of players) p.socket.disconnect();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const med = (xs: (number | null)[]) => median(xs.map((x) => x ?? Number.POSITIVE_INFINITY));
const summary = {
  sayspell: {
    newProcessHealthyMs: med(sayspellRounds.map((x) => x.newProcessHealthyMs)),
    allBackMs: med(sayspellRounds.map((x) => x.allBackMs)),
    allResyncedMs: med(sayspellRounds.map((x) => x.allResyncedMs)),
    lostDeliveries: sayspellRounds.reduce((a, x) => a + x.lostDeliveries + x.resyncViewsMissingAGuess, 0),
    duplicatedDeliveries: sayspellRounds.reduce((a, x) => a + x.duplicatedDeliveries, 0),
    guessFailures: sayspellRounds.reduce((a, x) => a + x.guessFailures, 0),
  },
  baseline: {
    newProcessHealthyMs: med(baselineRounds.map((x) => x.newProcessHealthyMs)),
    allBackMs: med(baselineRounds.map((x) => x.allBackMs)),
  },
};
console.info(`\nreconnect storm, ${SOCKETS} sockets, ${backend}, medians of ${ROUNDS} rounds:`);
console.info(JSON.stringify(summary, null, 2));
console.info(
  'written to',
  writeResult(`reconnect-storm${onPostgres ? '-postgres' : ''}`, {
    settings: {
      backend,
      sockets: SOCKETS,
      games: GAMES,
      rounds: ROUNDS,
      guessesPerGameAroundEachRestart: 2 * GUESSES,
    },
    summary,
    sayspellRounds,
    baselineRounds,
  }),
);
process.exit(0);
