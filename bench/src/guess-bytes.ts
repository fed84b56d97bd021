import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { connected, withTimeout } from './latency/load.ts';
import { startChild } from './latency/processes.ts';

// bytes a guess puts on the wire to its two players (issue 16): partnered games played to their
// last word against a real server (a child process, PGlite unless DATABASE_URL is set), every
// websocket message each player receives counted as engine.io hands it over (the frame's payload:
// engine.io's one-byte type + socket.io's packet). per guess: the speaker's update-game, the
// speller's update-game (none to the socket that guessed, since its answer carries the same delta)
// and the speller's acknowledgement of guess-word. the last guess of a game finishes it (full
// views + finish-game) and is reported apart.
//
//   node --conditions=source --import tsx bench/src/guess-bytes.ts [--games 5] [--tag after]

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '5' },
    tag: { type: 'string', default: '' },
  },
});
const GAMES = Number(args.games);
const TIMEOUT_MS = 20_000;
const settings = {
  language: 'English',
  difficulty: 'beginner',
  category: 'category_animals',
  gameTimer: '600',
};
const guessFor = (index: number) =>
  index % 2 === 0 ? `qxz${'abcdefghijklmnopqrstuvwxy'[index % 25]}j` : 'cat';

interface Player {
  id: string;
  token: string;
  socket: Socket;
  /** bytes received since the last take(), by kind */
  bytes: Map<string, number>;
}

type Ack<T> = ({ ok: true } & T) | { ok: false; error: { code: string; message: string } };
interface View {
  _id: string;
  status: string;
  currentIndex: number;
  words: unknown[];
  startsAt: number | null;
  serverNow: number;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-bytes-'));
const server = await startChild(
  'apps/server/src/main.ts',
  {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '10000000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '10000000',
    GUEST_MAX_PER_IP: '10000000',
    REDIS_PREFIX: `bench-bytes-${process.pid}`,
  },
  [],
  // a fresh data folder on a busy machine can take a minute
  180_000,
);
const url = server.url;

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

/** what kind of socket.io packet an engine.io message holds: an event's name, or 'ack' */
function kindOf(data: string): string {
  if (data.startsWith('3')) return 'ack';
  const m = /^2\d*\["([^"]+)"/.exec(data);
  return m ? m[1]! : 'other';
}

async function player(): Promise<Player> {
  const login = await post<{ token: { accessToken: string }; user: { _id: string } }>('/v1/auth/login', {
    strategy: 'guest',
  });
  const token = login.token.accessToken;
  await post('/v1/users/confirm-eula', { userId: login.user._id }, token);
  const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await connected(socket, TIMEOUT_MS);
  const bytes = new Map<string, number>();
  socket.io.engine.on('packet', (p: { type: string; data?: unknown }) => {
    if (p.type !== 'message' || typeof p.data !== 'string') return;
    const kind = kindOf(p.data);
    // the websocket frame's payload: engine.io's type byte, then the socket.io packet
    bytes.set(kind, (bytes.get(kind) ?? 0) + 1 + Buffer.byteLength(p.data));
  });
  return { id: login.user._id, token, socket, bytes };
}

function take(p: Player): Record<string, number> {
  const out = Object.fromEntries(p.bytes);
  p.bytes.clear();
  return out;
}

const ask = <T>(p: Player, event: string, payload: unknown) =>
  p.socket.timeout(TIMEOUT_MS).emitWithAck(event, payload) as Promise<Ack<T>>;

/** resolves once `p` has had an update-game (view or delta) at currentIndex `index` */
const updateAt = (p: Player, gameId: string, index: number) =>
  withTimeout(
    new Promise<void>((resolve) => {
      const on = (u: { _id: string; currentIndex: number }) => {
        if (u._id !== gameId || u.currentIndex !== index) return;
        p.socket.off('update-game', on);
        resolve();
      };
      p.socket.on('update-game', on);
    }),
    TIMEOUT_MS,
    `update-game ${index}`,
  );

interface Sample {
  speakerUpdate: number;
  spellerUpdate: number;
  spellerAck: number;
  other: number;
}
const turns: Sample[] = [];
const finishing: Sample[] = [];

for (let g = 0; g < GAMES; g++) {
  const speaker = await player();
  const speller = await player();
  const sent = await ask<{ inviteId: string }>(speaker, 'invite', {
    to: speller.id,
    settings: { ...settings, role: 'speaker' },
  });
  if (!sent.ok) throw new Error(`invite: ${sent.error.message}`);
  const accepted = await ask<{ gameId: string }>(speller, 'invite-response', {
    inviteId: sent.inviteId,
    response: true,
  });
  if (!accepted.ok) throw new Error(`accept: ${accepted.error.message}`);
  const gameId = accepted.gameId;
  let view: View | undefined;
  while (view?.status !== 'started') {
    for (const p of [speaker, speller]) {
      const a = await ask<{ game: View }>(p, 'initiate-handshake', { gameId });
      if (!a.ok) throw new Error(`handshake: ${a.error.message}`);
      view = a.game;
    }
  }
  await new Promise((r) => setTimeout(r, view.startsAt! - view.serverNow + 100));
  const words = view.words.length;
  // everything before the first guess (the start's views, sync events) is not a guess's
  await new Promise((r) => setTimeout(r, 200));
  take(speaker);
  take(speller);
  for (let i = 0; i < words; i++) {
    const last = i === words - 1;
    const seen = last
      ? Promise.all(
          [speaker, speller].map(
            (p) => new Promise<void>((resolve) => p.socket.once('finish-game', () => resolve())),
          ),
        )
      : updateAt(speaker, gameId, i + 1);
    const a = await ask<{ game: View }>(speller, 'guess-word', { gameId, index: i, guess: guessFor(i) });
    if (!a.ok) throw new Error(`guess ${i}: ${a.error.message}`);
    await seen;
    // anything late of this guess (a message on its way) counts for it
    await new Promise((r) => setTimeout(r, 20));
    const sp = take(speaker);
    const sl = take(speller);
    const sum = (o: Record<string, number>, skip: string[]) =>
      Object.entries(o)
        .filter(([k]) => !skip.includes(k))
        .reduce((s, [, v]) => s + v, 0);
    const sample: Sample = {
      speakerUpdate: sp['update-game'] ?? 0,
      spellerUpdate: sl['update-game'] ?? 0,
      spellerAck: sl.ack ?? 0,
      other: sum(sp, ['update-game']) + sum(sl, ['update-game', 'ack']),
    };
    (last ? finishing : turns).push(sample);
  }
  speaker.socket.disconnect();
  speller.socket.disconnect();
}
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));
const summary = (s: Sample[]) => ({
  guesses: s.length,
  speakerUpdateGame: mean(s.map((x) => x.speakerUpdate)),
  spellerUpdateGame: mean(s.map((x) => x.spellerUpdate)),
  spellerAck: mean(s.map((x) => x.spellerAck)),
  otherEvents: mean(s.map((x) => x.other)),
  total: mean(s.map((x) => x.speakerUpdate + x.spellerUpdate + x.spellerAck + x.other)),
  updateGameBoth: mean(s.map((x) => x.speakerUpdate + x.spellerUpdate)),
});
const result = {
  when: new Date().toISOString(),
  backend: process.env.DATABASE_URL ? 'postgres' : 'pglite',
  games: GAMES,
  note: 'bytes of websocket payloads received per guess (engine.io type byte + socket.io packet), means',
  turn: summary(turns),
  lastGuess: summary(finishing),
};
const out = path.join(
  import.meta.dirname,
  '..',
  'results',
  `guess-bytes${args.tag ? `-${args.tag}` : ''}.json`,
);
fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.info(JSON.stringify(result, null, 2));
console.info(`written ${out}`);
