import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Driver, percentile, runRound, thinkMs } from './latency/load.ts';
import { cpuMark, otherMsPerS, quietMachine } from './latency/noise.ts';
import { benchServerEnv, type Child, startChild } from './latency/processes.ts';
import { relayDriver } from './latency/relay-driver.ts';
import { sayspellDriver } from './latency/sayspell-driver.ts';
import { writeResult } from './measure.ts';

// B2: saturation. partnered games through the full path (as in guess-latency), the offered rate
// of guesses doubling step by step; at each step SaySpell and the bare ws relay run one after the
// other (order alternating). a step offers R guesses/s as 0.3·R games, each playing its 20 words
// with a think time of 150–450 ms (≈ 6 s a step). a step passes when the partner's p99 stays
// within 50 ms, no guess is lost or refused, and at least 80 % of the offered rate was delivered.
// a system's saturation point is the highest delivered rate of a passing step below its first
// failing one.
//   npm run saturation -w @sayspell/bench -- [--from 100] [--max 12800]

const { values: args } = parseArgs({
  options: {
    from: { type: 'string', default: '100' },
    max: { type: 'string', default: '12800' },
    'p99-ms': { type: 'string', default: '50' },
  },
});
const THINK_MEAN_MS = 300;
const P99_LIMIT = Number(args['p99-ms']);
const onPostgres = !!process.env.DATABASE_URL;
const backend = onPostgres ? `postgres${process.env.REDIS_URL ? '+redis' : ''}` : 'pglite';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-saturation-'));
const server = await startChild('apps/server/src/main.ts', {
  ...benchServerEnv(dataDir, `bench-sat-${process.pid}`),
});
const relay = await startChild('bench/src/latency/relay.ts', {});

interface Step {
  offeredPerS: number;
  games: number;
  deliveredPerS: number;
  p50: number;
  p99: number;
  errors: number;
  passed: boolean;
  serverCpuMsPerS: number;
  otherCpuMsPerS: number;
  loadGenLagP99Ms: number;
}

async function step(driver: Driver, child: Child, rate: number): Promise<Step> {
  const games = Math.max(1, Math.round((rate * THINK_MEAN_MS) / 1000));
  await driver.open(games);
  try {
    await quietMachine(child);
    let a = cpuMark(child);
    const result = await runRound(driver, {
      slots: games,
      gamesPerSlot: 1,
      think: thinkMs(THINK_MEAN_MS / 2, (THINK_MEAN_MS * 3) / 2),
      onPlay: () => {
        a = cpuMark(child);
      },
    });
    const b = cpuMark(child);
    const deliveredPerS = Math.round(result.partnerMs.length / (result.wallMs / 1000));
    const p99 = Math.round(percentile(result.partnerMs, 99) * 10) / 10;
    return {
      offeredPerS: rate,
      games,
      deliveredPerS,
      p50: Math.round(percentile(result.partnerMs, 50) * 10) / 10,
      p99,
      errors: result.errors.length,
      passed: p99 <= P99_LIMIT && result.errors.length === 0 && deliveredPerS >= 0.8 * rate,
      serverCpuMsPerS: Math.round((b.child - a.child) / (result.wallMs / 1000)),
      otherCpuMsPerS: otherMsPerS(a, b, result.wallMs),
      loadGenLagP99Ms: Math.round(result.loadGenLagP99Ms * 10) / 10,
    };
  } finally {
    await driver.close();
  }
}

const systems = [
  {
    name: 'sayspell',
    driver: sayspellDriver(server.url, 'partnered'),
    child: server,
    steps: [] as Step[],
    done: false,
  },
  { name: 'ws-relay', driver: relayDriver(relay.url, 20), child: relay, steps: [] as Step[], done: false },
];
try {
  let i = 0;
  for (
    let rate = Number(args.from);
    rate <= Number(args.max) && systems.some((s) => !s.done);
    rate *= 2, i++
  ) {
    for (const s of i % 2 ? [...systems].reverse() : systems) {
      if (s.done) continue;
      const r = await step(s.driver, s.child, rate);
      s.steps.push(r);
      console.info(`${s.name} offered ${rate}/s:`, JSON.stringify(r));
      if (!r.passed) s.done = true;
    }
  }
} finally {
  await server.stop();
  await relay.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const summary = systems.map((s) => {
  const passing = s.steps.filter((x) => x.passed);
  const best = passing.reduce((m, x) => Math.max(m, x.deliveredPerS), 0);
  return {
    name: s.name,
    saturationPerS: best,
    /** true when even the last step offered passed: the figure is a lower bound (load generator) */
    neverFailed: s.steps.length > 0 && s.steps.every((x) => x.passed),
    firstFailure: s.steps.find((x) => !x.passed) ?? null,
  };
});
const ratio = +(summary[0]!.saturationPerS / summary[1]!.saturationPerS).toFixed(2);
console.info(`\nsaturation (${backend}):`, JSON.stringify(summary, null, 2), `ratio ${ratio}`);
console.info(
  'written to',
  writeResult(`saturation${onPostgres ? '-postgres' : ''}`, {
    settings: { backend, thinkMeanMs: THINK_MEAN_MS, p99LimitMs: P99_LIMIT, wordsPerGame: 20 },
    summary,
    ratio,
    steps: Object.fromEntries(systems.map((s) => [s.name, s.steps])),
  }),
);
