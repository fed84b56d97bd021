import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cpuMark, otherMsPerS, quietMachine } from './latency/noise.ts';
import { type Child, root, startChild, startSayspell } from './latency/processes.ts';
import { median, writeResult } from './measure.ts';

// B5: authenticated GET /v1/game/{id} requests per second, against a bare node:http handler
// returning the same JSON. autocannon runs in its own process; rounds alternate; medians.
//   npm run rest -w @sayspell/bench -- [--rounds 5] [--seconds 10] [--connections 50] [--profile]
//     [--tag name] [--before <checkout of another commit>]
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
    /** a checkout of another commit (its node_modules linked to this one's): its server is
     * measured in the same rounds, named "before" */
    before: { type: 'string' },
  },
});
const rounds = Number(args.rounds);
const onPostgres = !!process.env.DATABASE_URL;
const backend = onPostgres ? `postgres${process.env.REDIS_URL ? '+redis' : ''}` : 'pglite';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-rest-'));
const profileDir = path.join(dataDir, 'profile');
const startServer = (checkout: string, name: string) =>
  startSayspell(
    checkout,
    path.join(dataDir, name),
    `bench-rest-${name}-${process.pid}`,
    args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, name)}`] : [],
  );

/** what autocannon asks a server for: a game and the token of one of its players */
interface Target {
  path: string;
  authorization: string;
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

// a game read by its player (the realistic case: a reload mid-game). POST /v1/game makes solo games
// only (a partnered one needs an invite's consent, which needs sockets): the read is the same
// route, the same view code and, since issue 16, the same owner's memory
async function liveGame(serverUrl: string): Promise<Target> {
  const speller = await json<{ token: { accessToken: string }; user: { _id: string } }>(
    `${serverUrl}/v1/auth/login`,
    { method: 'POST', body: JSON.stringify({ strategy: 'guest' }) },
  );
  const authorization = `Bearer ${speller.token.accessToken}`;
  const game = await json<{ _id: string }>(`${serverUrl}/v1/game`, {
    method: 'POST',
    headers: { authorization },
    body: JSON.stringify({
      language: 'English',
      difficulty: 'beginner',
      category: 'category_animals',
      gameTimer: '600',
      solo: true,
      speller: speller.user._id,
    }),
  });
  return { path: `/v1/game/${game._id}`, authorization };
}

const server = await startServer(root, 'sayspell');
const target = await liveGame(server.url);
const bodyText = await (
  await fetch(`${server.url}${target.path}`, { headers: { authorization: target.authorization } })
).text();
const bodyFile = path.join(dataDir, 'game.json');
fs.writeFileSync(bodyFile, bodyText);
const baseline = await startChild('bench/src/baselines/json-http.ts', { BODY_FILE: bodyFile });
// another checkout's server (e.g. a git worktree of the commit before a change), run alongside
const before = args.before ? await startServer(path.resolve(args.before), 'before') : undefined;
const beforeTarget = before ? await liveGame(before.url) : undefined;

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

function autocannon(url: string, seconds: number, authorization: string): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const bin = path.join(root, 'node_modules', 'autocannon', 'autocannon.js');
    const child = spawn(
      process.execPath,
      [bin, '-j', '-c', args.connections, '-d', String(seconds), '-H', `authorization=${authorization}`, url],
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

async function round(child: Child, t: Target): Promise<Round> {
  await quietMachine(child);
  const a = cpuMark(child);
  const t0 = performance.now();
  const r = await autocannon(`${child.url}${t.path}`, Number(args.seconds), t.authorization);
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
  { name: 'sayspell', child: server, target, rounds: [] as Round[] },
  { name: 'node:http', child: baseline, target, rounds: [] as Round[] },
  ...(before && beforeTarget
    ? [{ name: 'before', child: before, target: beforeTarget, rounds: [] as Round[] }]
    : []),
];
try {
  for (const s of systems) await autocannon(`${s.child.url}${s.target.path}`, 3, s.target.authorization); // warm-up
  for (let r = 0; r < rounds; r++) {
    for (const s of r % 2 ? [...systems].reverse() : systems) {
      const result = await round(s.child, s.target);
      s.rounds.push(result);
      console.info(`round ${r + 1} ${s.name}:`, JSON.stringify(result));
    }
  }
} finally {
  await server.stop();
  await baseline.stop();
  await before?.stop();
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
const beforeRatio = summary[2] ? +(summary[2].requestsPerS / summary[1]!.requestsPerS).toFixed(2) : undefined;
console.info(`\nGET /v1/game/{id}, ${backend}, medians of ${rounds} rounds`);
for (const s of summary)
  console.info(`${s.name.padEnd(10)} ${s.requestsPerS} req/s  p50 ${s.p50Ms} ms  p99 ${s.p99Ms} ms`);
console.info(`ratio ${ratio} (goal ≥ 0.5)${beforeRatio === undefined ? '' : `; before: ${beforeRatio}`}`);
const git = (...a: string[]) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).trim();
const settings = {
  backend,
  // the server code measured: a commit, and whether the server or core had changes on top of it
  serverCommit: `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', 'apps/server', 'packages') ? ' + uncommitted changes' : ''}`,
  rounds,
  seconds: Number(args.seconds),
  connections: Number(args.connections),
  bodyBytes: bodyText.length,
  before: args.before
    ? execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: args.before, encoding: 'utf8' }).trim()
    : undefined,
};
const name = `rest-throughput${onPostgres ? '-postgres' : ''}${args.profile ? '-profiled' : ''}${args.tag ? `-${args.tag}` : ''}`;
console.info('written to', writeResult(name, { settings, ratio, beforeRatio, summary }));
if (args.profile) console.info('server cpu profile in', profileDir);
