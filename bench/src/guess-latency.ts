import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Driver, percentile, type RoundResult, runRound, thinkMs } from './latency/load.ts';
import {
  type CpuMark,
  cpuMark,
  NOISY_MS_PER_S,
  otherMsPerS,
  quietMachine,
  RETRIES,
} from './latency/noise.ts';
import { type Child, root, startChild, startSayspell } from './latency/processes.ts';
import { relayDriver } from './latency/relay-driver.ts';
import { sayspellDriver } from './latency/sayspell-driver.ts';
import { socketioRelayDriver } from './latency/socketio-relay-driver.ts';
import { median, writeResult } from './measure.ts';

// guess → partner delivery: the time from the speller's guess-word until the speaker holds the
// matching update-game, for N games at once, against a bare ws relay of the same traffic. both
// run in their own child process; rounds alternate between them; medians across rounds.
//   npm run guess-latency -w @sayspell/bench -- --n 1,200 --rounds 3 [--mode solo] [--profile] [--socketio]
// --socketio adds a third system, the same relay over Socket.IO (latency/socketio-relay.ts): what
// the transport SaySpell is built on costs alone, partnered mode only.
// --before <checkout> adds another checkout's server (a git worktree of the commit before a change)
// to the same rounds: each round then holds a before and an after a minute apart, and the result
// gives each round's after ÷ before and their geometric mean. the machine's own speed moves a whole
// round by a third (docs/performance.md, 2026-11-28 s44); a pair moves less. use an even --rounds.
// DATABASE_URL / REDIS_URL in the environment are handed to the server (PostgreSQL + Redis).

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: process.env.N ?? '1,200' },
    rounds: { type: 'string', default: process.env.ROUNDS ?? '3' },
    mode: { type: 'string', default: process.env.MODE ?? 'partnered' },
    samples: { type: 'string' },
    'think-min': { type: 'string', default: '200' },
    'think-max': { type: 'string', default: '500' },
    profile: { type: 'boolean', default: false },
    socketio: { type: 'boolean', default: false },
    /** another checkout of SaySpell, measured in the same rounds, named "before" */
    before: { type: 'string' },
    /** appended to the result file's name (e.g. b1 for the 1,000-game run) */
    tag: { type: 'string' },
  },
});
const mode = args.mode === 'solo' ? 'solo' : 'partnered';
if (args.socketio && mode === 'solo')
  throw new Error('--socketio compares partnered games only: drop --mode solo');
const wordsPerGame = mode === 'solo' ? 10 : 20;
const rounds = Number(args.rounds);
const think = thinkMs(Number(args['think-min']), Number(args['think-max']));
const onPostgres = !!process.env.DATABASE_URL;
if (args.before && rounds % 2 === 1)
  console.warn(
    '--before with an odd number of rounds: one server goes first more often (say --rounds 2 or 4)',
  );
if (args.before && onPostgres)
  throw new Error('--before runs two servers, each on an embedded database of its own: unset DATABASE_URL');
if (args.before && !fs.existsSync(path.join(path.resolve(args.before), 'apps/server/src/main.ts')))
  throw new Error(`--before ${args.before}: no SaySpell checkout there (apps/server/src/main.ts is missing)`);
const backend = onPostgres ? `postgres${process.env.REDIS_URL ? '+redis' : ''}` : 'pglite';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-guess-'));
const profileDir = path.join(dataDir, 'profile');
const startServer = (checkout: string, name: string) =>
  startSayspell(checkout, path.join(dataDir, name), `bench-${name}-${process.pid}`, [
    ...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, name)}`] : []),
    // more of node's flags for the server alone, e.g. BENCH_SERVER_NODE_ARGS=--trace-gc
    ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ]);
// the children started so far: stopped at the end, or as soon as a later one fails to start (a
// child process outlives this one otherwise, and holds its port and cpu)
const children: Child[] = [];
const stopChildren = () => Promise.all(children.map((c) => c.stop()));
async function started(start: Promise<Child>): Promise<Child> {
  try {
    const child = await start;
    children.push(child);
    return child;
  } catch (err) {
    await stopChildren();
    throw err;
  }
}
const server = await started(startServer(root, 'sayspell'));
const before = args.before ? await started(startServer(path.resolve(args.before), 'before')) : undefined;
const relay = await started(startChild('bench/src/latency/relay.ts', {}));
const sioRelay = args.socketio
  ? await started(startChild('bench/src/latency/socketio-relay.ts', {}))
  : undefined;

interface RoundSummary {
  samples: number;
  p50: number;
  p99: number;
  ownP50: number;
  ownP99: number;
  /** the guesses that leave the game going on (a delta each), and each game's last (full views, the finish) */
  turnP99: number;
  lastP50: number;
  lastP99: number;
  errors: number;
  cpuMsPerGuess: number;
  guessesPerS: number;
  loadGenLagP99Ms: number;
  /** cpu used by processes other than the load generator, the system under test and its database */
  otherCpuMsPerS: number;
  wallS: number;
}

function summarize(r: RoundResult, cpu0: CpuMark, cpu1: CpuMark): RoundSummary {
  const round2 = (x: number) => Math.round(x * 100) / 100;
  return {
    samples: r.partnerMs.length,
    p50: round2(percentile(r.partnerMs, 50)),
    p99: round2(percentile(r.partnerMs, 99)),
    ownP50: round2(percentile(r.ownMs, 50)),
    ownP99: round2(percentile(r.ownMs, 99)),
    turnP99: round2(percentile(r.turnMs, 99)),
    lastP50: round2(percentile(r.lastMs, 50)),
    lastP99: round2(percentile(r.lastMs, 99)),
    errors: r.errors.length,
    cpuMsPerGuess: round2((cpu1.child - cpu0.child) / Math.max(1, r.partnerMs.length)),
    guessesPerS: Math.round(r.partnerMs.length / (r.wallMs / 1000)),
    loadGenLagP99Ms: round2(r.loadGenLagP99Ms),
    otherCpuMsPerS: otherMsPerS(cpu0, cpu1, r.wallMs),
    wallS: Math.round(r.wallMs / 100) / 10,
  };
}

/** one round, run again (at most twice) if other processes disturbed it */
async function measuredRound(s: { driver: Driver; child: Child }, n: number, gamesPerSlot: number) {
  for (let attempt = 0; ; attempt++) {
    await quietMachine(s.child);
    let cpu0 = cpuMark(s.child);
    const onPlay = () => {
      cpu0 = cpuMark(s.child);
    };
    const result = await runRound(s.driver, { slots: n, gamesPerSlot, think, onPlay });
    const summary = summarize(result, cpu0, cpuMark(s.child));
    if (summary.otherCpuMsPerS <= NOISY_MS_PER_S || attempt >= RETRIES) return { result, summary };
    console.warn(`${s.driver.name}: other processes used ${summary.otherCpuMsPerS} ms of cpu per s; again`);
  }
}

async function measureN(n: number) {
  const target = args.samples ? Number(args.samples) : Math.max(200, 10 * n);
  const gamesPerSlot = Math.ceil(target / (n * wordsPerGame));
  const pairs = n * (gamesPerSlot > 1 ? 2 : 1);
  type System = { driver: Driver; child: Child; rounds: RoundSummary[]; bytes: number };
  const system = (driver: Driver, child: Child): System => ({ driver, child, rounds: [], bytes: 0 });
  const sayspell = system(sayspellDriver(server.url, mode), server);
  const relaySystem = system(relayDriver(relay.url, wordsPerGame), relay);
  const sioSystem = sioRelay && system(socketioRelayDriver(sioRelay.url, wordsPerGame), sioRelay);
  const beforeSystem =
    before && system({ ...sayspellDriver(before.url, mode), name: `before-${mode}` }, before);
  // the before right after the server it is compared with: a round's two are a minute apart
  const systems = [
    sayspell,
    ...(beforeSystem ? [beforeSystem] : []),
    relaySystem,
    ...(sioSystem ? [sioSystem] : []),
  ];
  for (const s of systems) await s.driver.open(pairs);
  for (const s of systems) await runRound(s.driver, { slots: n, gamesPerSlot: 1, think }); // warm-up
  for (let r = 0; r < rounds; r++) {
    for (const s of r % 2 ? [...systems].reverse() : systems) {
      const { result, summary } = await measuredRound(s, n, gamesPerSlot);
      s.rounds.push(summary);
      s.bytes = s.driver.payloadBytes();
      if (result.errors.length)
        console.warn(s.driver.name, 'errors:', [...new Set(result.errors)].slice(0, 5));
      console.info(`N=${n} round ${r + 1} ${s.driver.name}:`, JSON.stringify(summary));
    }
  }
  for (const s of systems) await s.driver.close();
  const medians = (s: (typeof systems)[number]) => ({
    p50: median(s.rounds.map((x) => x.p50)),
    p99: median(s.rounds.map((x) => x.p99)),
    ownP50: median(s.rounds.map((x) => x.ownP50)),
    cpuMsPerGuess: median(s.rounds.map((x) => x.cpuMsPerGuess)),
    guessesPerS: median(s.rounds.map((x) => x.guessesPerS)),
    partnerPayloadBytes: s.bytes,
    rounds: s.rounds,
  });
  const game = medians(sayspell);
  const base = medians(relaySystem);
  const sio = sioSystem && medians(sioSystem);
  const then = beforeSystem && medians(beforeSystem);
  /**
   * after ÷ before, round by round (the two ran a minute apart), and their geometric mean: the
   * rounds alternate which of the two goes first, and the one measured second of a pair came out
   * about a tenth cheaper in an A/A run (s44), so only an even number of rounds cancels the order
   */
  const paired = (earlier: { rounds: RoundSummary[] }, pick: (r: RoundSummary) => number) => {
    const each = game.rounds.map((r, i) => pick(r) / pick(earlier.rounds[i]!));
    const mean = Math.exp(each.reduce((a, x) => a + Math.log(x), 0) / each.length);
    return { geometricMean: +mean.toFixed(3), rounds: each.map((x) => +x.toFixed(2)) };
  };
  return {
    n,
    gamesPerSlot,
    sayspell: game,
    relay: base,
    ratio: { p50: +(game.p50 / base.p50).toFixed(1), p99: +(game.p99 / base.p99).toFixed(1) },
    ...(sio
      ? {
          socketio: sio,
          socketioRatio: { p50: +(sio.p50 / base!.p50).toFixed(1), p99: +(sio.p99 / base!.p99).toFixed(1) },
        }
      : {}),
    ...(then
      ? {
          before: then,
          afterOverBefore: {
            p50: paired(then, (r) => r.p50),
            p99: paired(then, (r) => r.p99),
            cpuMsPerGuess: paired(then, (r) => r.cpuMsPerGuess),
          },
        }
      : {}),
  };
}

const results = [];
try {
  for (const n of args.n.split(',').map(Number)) results.push(await measureN(n));
} finally {
  await stopChildren();
}

console.info(`\nguess → partner delivery, ${mode}, ${backend}, medians of ${rounds} rounds (ms)`);
const rows = [
  ['N', 'SaySpell p50', 'p99', 'relay p50', 'p99', '× p50', '× p99', 'cpu ms/guess server', 'relay'],
  ...results.map((r) => [
    r.n,
    r.sayspell.p50,
    r.sayspell.p99,
    r.relay.p50,
    r.relay.p99,
    r.ratio.p50,
    r.ratio.p99,
    r.sayspell.cpuMsPerGuess,
    r.relay.cpuMsPerGuess,
  ]),
];
for (const row of rows) console.info(row.map((c) => String(c).padStart(12)).join(' '));
for (const r of results)
  if (r.socketio && r.socketioRatio)
    console.info(
      `N=${r.n} socket.io relay: p50 ${r.socketio.p50}, p99 ${r.socketio.p99} (× p99 ${r.socketioRatio.p99} the ws relay), cpu ms/guess ${r.socketio.cpuMsPerGuess}`,
    );
for (const r of results)
  if (r.before && r.afterOverBefore) {
    const { p50, p99, cpuMsPerGuess } = r.afterOverBefore;
    console.info(
      `N=${r.n} before: p50 ${r.before.p50}, p99 ${r.before.p99}, cpu ms/guess ${r.before.cpuMsPerGuess}; after ÷ before, round by round: p50 ${p50.rounds.join(' ')}, p99 ${p99.rounds.join(' ')}, cpu ${cpuMsPerGuess.rounds.join(' ')} (geometric means ${p50.geometricMean}, ${p99.geometricMean}, ${cpuMsPerGuess.geometricMean})`,
    );
  }
const paced =
  args['think-min'] === '200' && args['think-max'] === '500'
    ? ''
    : `-think${args['think-min']}-${args['think-max']}`;
const name = `guess-latency${mode === 'solo' ? '-solo' : ''}${onPostgres ? '-postgres' : ''}${paced}${args.profile ? '-profiled' : ''}${args.tag ? `-${args.tag}` : ''}`;
const git = (...a: string[]) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).trim();
const settings = {
  mode,
  backend,
  rounds,
  thinkMs: [Number(args['think-min']), Number(args['think-max'])],
  // the server code measured: a commit, and whether apps/ or packages/ had changes on top of it
  serverCommit: `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', 'apps', 'packages') ? ' + uncommitted changes' : ''}`,
  ...(args.before
    ? {
        beforeCommit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
          cwd: args.before,
          encoding: 'utf8',
        }).trim(),
      }
    : {}),
};
console.info('written to', writeResult(name, { settings, results }));
if (args.profile) console.info('server cpu profile in', profileDir);
else fs.rmSync(dataDir, { recursive: true, force: true });
