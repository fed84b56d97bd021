import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cpuMark, otherMsPerS, quietMachine } from './latency/noise.ts';
import { type Child, root, startChild } from './latency/processes.ts';
import { median, writeResult } from './measure.ts';

// B5: authenticated GET /v1/game/{id} requests per second, against a bare node:http handler
// returning the same JSON. autocannon runs in its own process; rounds alternate; medians.
//   npm run rest -w @sayspell/bench -- [--rounds 5] [--seconds 10] [--connections 50] [--profile]
//     [--tag name]
// --profile runs the server under --cpu-prof (summarise with latency/profile-summary.ts).
// DATABASE_URL / REDIS_URL in the environment are handed to the server (PostgreSQL + Redis).

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    profile: { type: 'boolean', default: false },
    /** appended to the result file's name */
    tag: { type: 'string' },
  },
});
const rounds = Number(args.rounds);
const onPostgres = !!process.env.DATABASE_URL;
const backend = onPostgres ? `postgres${process.env.REDIS_URL ? '+redis' : ''}` : 'pglite';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-rest-'));
const profileDir = path.join(dataDir, 'profile');
const server = await startChild(
  'apps/server/src/main.ts',
  {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    ACCESS_TOKEN_TTL: '7200',
    REDIS_PREFIX: `bench-rest-${process.pid}`,
  },
  args.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
);

async function json<T>(pathname: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${server.url}${pathname}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

// a partnered game between two guests, read by its speller (the realistic case: a reload mid-game)
const login = () =>
  json<{ token: { accessToken: string }; user: { _id: string } }>('/v1/auth/login', {
    method: 'POST',
    body: JSON.stringify({ strategy: 'guest' }),
  });
const [speller, speaker] = [await login(), await login()];
const auth = { authorization: `Bearer ${speller.token.accessToken}` };
const game = await json<{ _id: string }>('/v1/game', {
  method: 'POST',
  headers: auth,
  body: JSON.stringify({
    language: 'English',
    difficulty: 'beginner',
    category: 'category_animals',
    gameTimer: '600',
    speller: speller.user._id,
    speaker: speaker.user._id,
  }),
});
const gamePath = `/v1/game/${game._id}`;
const bodyText = await (await fetch(`${server.url}${gamePath}`, { headers: auth })).text();
const bodyFile = path.join(dataDir, 'game.json');
fs.writeFileSync(bodyFile, bodyText);
const baseline = await startChild('bench/src/baselines/json-http.ts', { BODY_FILE: bodyFile });

interface Round {
  requestsPerS: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  serverCpuMsPerRequest: number;
  otherCpuMsPerS: number;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

function autocannon(url: string, seconds: number): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const bin = path.join(root, 'node_modules', 'autocannon', 'autocannon.js');
    const child = spawn(
      process.execPath,
      [
        bin,
        '-j',
        '-c',
        args.connections,
        '-d',
        String(seconds),
        '-H',
        `authorization=${auth.authorization}`,
        url,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon ${code}`)),
    );
  });
}

async function round(child: Child): Promise<Round> {
  await quietMachine(child);
  const a = cpuMark(child);
  const t0 = performance.now();
  const r = await autocannon(`${child.url}${gamePath}`, Number(args.seconds));
  const b = cpuMark(child);
  const wallMs = performance.now() - t0;
  return {
    requestsPerS: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    serverCpuMsPerRequest: +((b.child - a.child) / Math.max(1, r.requests.total)).toFixed(3),
    otherCpuMsPerS: otherMsPerS(a, b, wallMs),
  };
}

const systems = [
  { name: 'sayspell', child: server, rounds: [] as Round[] },
  { name: 'node:http', child: baseline, rounds: [] as Round[] },
];
try {
  for (const s of systems) await autocannon(`${s.child.url}${gamePath}`, 3); // warm-up
  for (let r = 0; r < rounds; r++) {
    for (const s of r % 2 ? [...systems].reverse() : systems) {
      const result = await round(s.child);
      s.rounds.push(result);
      console.info(`round ${r + 1} ${s.name}:`, JSON.stringify(result));
    }
  }
} finally {
  await server.stop();
  await baseline.stop();
  if (!args.profile) fs.rmSync(dataDir, { recursive: true, force: true });
}

const summary = systems.map((s) => ({
  name: s.name,
  requestsPerS: median(s.rounds.map((x) => x.requestsPerS)),
  p50Ms: median(s.rounds.map((x) => x.p50Ms)),
  p99Ms: median(s.rounds.map((x) => x.p99Ms)),
  non2xx: s.rounds.reduce((a, x) => a + x.non2xx, 0),
  serverCpuMsPerRequest: median(s.rounds.map((x) => x.serverCpuMsPerRequest)),
  rounds: s.rounds,
}));
const ratio = +(summary[0]!.requestsPerS / summary[1]!.requestsPerS).toFixed(2);
console.info(`\nGET /v1/game/{id}, ${backend}, medians of ${rounds} rounds`);
for (const s of summary)
  console.info(`${s.name.padEnd(10)} ${s.requestsPerS} req/s  p50 ${s.p50Ms} ms  p99 ${s.p99Ms} ms`);
console.info(`ratio ${ratio} (goal ≥ 0.85)`);
const git = (...a: string[]) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).trim();
const settings = {
  backend,
  // the server code measured: a commit, and whether the server or core had changes on top of it
  serverCommit: `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', 'apps/server', 'packages') ? ' + uncommitted changes' : ''}`,
  rounds,
  seconds: Number(args.seconds),
  connections: Number(args.connections),
  bodyBytes: bodyText.length,
};
const name = `rest-throughput${onPostgres ? '-postgres' : ''}${args.profile ? '-profiled' : ''}${args.tag ? `-${args.tag}` : ''}`;
console.info('written to', writeResult(name, { settings, ratio, summary }));
if (args.profile) console.info('server cpu profile in', profileDir);
