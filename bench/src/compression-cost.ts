import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '@sayspell/server/app';
import { loadConfig } from '@sayspell/server/config';
import { io as connect } from 'socket.io-client';
import { median, writeResult } from './measure.ts';

// what compressing api answers costs, and that the guess path does not pay it.
// 1. the guess path: solo games played over websockets against the real server in process; every
//    http request the server receives meanwhile is counted (only an http answer can be compressed),
//    and the process cpu per guess is measured.
// 2. a json answer above the threshold (a finished game, as the results page reads it): the
//    server's cpu per answer when the client accepts identity, gzip or br, over `--requests`
//    answers each, alternating in rounds; medians.
//   node --conditions=source --import tsx bench/src/compression-cost.ts [--games 20] [--requests 1000]

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const GAMES = arg('games', 20);
const REQUESTS = arg('requests', 1000);
const ROUNDS = 5;

let offset = 0;
const clock = { now: () => Date.now() + offset };
const server = await buildServer(
  loadConfig({
    ...process.env,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-compress-')),
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000000',
    GUEST_MAX_PER_IP: '100000000',
  }),
  { clock },
);
const url = await server.listen();
const inject = async (method: 'GET' | 'POST', u: string, token?: string, body?: object, enc?: string) =>
  server.app.inject({
    method,
    url: u,
    ...(body ? { payload: body } : {}),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(enc ? { 'accept-encoding': enc } : {}),
    },
  });

// set up the games (http), then play them (sockets only)
const players = await Promise.all(
  Array.from({ length: GAMES }, async () => {
    const login = (await inject('POST', '/v1/auth/login', undefined, { strategy: 'guest' })).json();
    const token: string = login.token.accessToken;
    const game = (
      await inject('POST', '/v1/game', token, {
        language: 'English',
        difficulty: 'beginner',
        category: 'category_animals',
        gameTimer: '600',
        solo: true,
        speller: login.user._id,
      })
    ).json();
    const socket = connect(url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ask = (e: string, p: unknown) =>
      (
        socket.timeout(30_000) as unknown as { emitWithAck(e: string, p: unknown): Promise<{ ok: boolean }> }
      ).emitWithAck(e, p);
    await ask('initiate-handshake', { gameId: game._id });
    return { token, gameId: game._id as string, socket, ask };
  }),
);
offset += 5000; // past every countdown

let httpRequests = 0;
const countRequests = () => {
  httpRequests++;
};
server.app.server.prependListener('request', countRequests);
const cpu0 = process.cpuUsage();
let guesses = 0;
await Promise.all(
  players.map(async (p) => {
    for (let index = 0; index < 10; index++) {
      const a = await p.ask('guess-word', { gameId: p.gameId, index, guess: 'zzqx' });
      if (!a.ok) throw new Error(`guess refused: ${JSON.stringify(a)}`);
      guesses++;
    }
  }),
);
const cpu = process.cpuUsage(cpu0);
server.app.server.off('request', countRequests);
for (const p of players) p.socket.disconnect();
const guessPath = {
  guesses,
  httpRequestsDuringGuesses: httpRequests,
  // server and clients share this process: an upper bound for the server's part
  processCpuUsPerGuess: Math.round((cpu.user + cpu.system) / guesses),
};

// a finished game's json, read with each encoding
const sample = players[0]!;
const answer = await inject('GET', `/v1/game/${sample.gameId}`, sample.token);
const jsonBytes = answer.rawPayload.length;
const encodings = { identity: 'identity', gzip: 'gzip', br: 'gzip, deflate, br, zstd' } as const;
const perRound: Record<keyof typeof encodings, number[]> = { identity: [], gzip: [], br: [] };
const wire: Record<string, { encoding: string | null; bytes: number }> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, accept] of Object.entries(encodings) as [keyof typeof encodings, string][]) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) {
      const res = await inject('GET', `/v1/game/${sample.gameId}`, sample.token, undefined, accept);
      if (i === 0)
        wire[name] = {
          encoding: (res.headers['content-encoding'] as string | undefined) ?? null,
          bytes: res.rawPayload.length,
        };
    }
    const c = process.cpuUsage(c0);
    perRound[name].push((c.user + c.system) / REQUESTS);
  }
}
const jsonAnswer = Object.fromEntries(
  Object.keys(encodings).map((k) => {
    const name = k as keyof typeof encodings;
    return [name, { cpuUsPerAnswer: Math.round(median(perRound[name])), ...wire[name] }];
  }),
);

await server.close();
const result = {
  games: GAMES,
  requests: REQUESTS,
  rounds: ROUNDS,
  guessPath,
  jsonAnswer: { jsonBytes, ...jsonAnswer },
};
console.info(JSON.stringify(result, null, 2));
console.info(`written to ${writeResult('compression-cost', result)}`);
process.exit(0);
