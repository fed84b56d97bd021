import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { percentile, runRound, thinkMs } from './latency/load.ts';
import { benchServerEnv, freePort, root } from './latency/processes.ts';
import { sayspellDriver } from './latency/sayspell-driver.ts';
import { writeResult } from './measure.ts';

// soak: `--games` partnered games played continuously (each pair plays game after game, a guess
// every 2–4 s, 20 words a game) for `--minutes`. every 10 s the server (the real one, started with
// --expose-gc) reports its memory after a full collection and its event-loop delay since the last
// sample. reported: the slope of the heap after GC over the run (least squares, KB per minute),
// heap and rss at start and end, the worst event-loop delay, and guess delivery latency.
//   npm run soak -w @sayspell/bench -- [--games 200] [--minutes 10]

const { values: args } = parseArgs({
  options: { games: { type: 'string', default: '200' }, minutes: { type: 'string', default: '10' } },
});
const GAMES = Number(args.games);
const MINUTES = Number(args.minutes);
const onPostgres = !!process.env.DATABASE_URL;
const backend = onPostgres ? `postgres${process.env.REDIS_URL ? '+redis' : ''}` : 'pglite';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-soak-'));
const port = await freePort();
const child = fork(path.join(root, 'bench/src/memory/probe-server.ts'), [], {
  cwd: root,
  execArgv: ['--expose-gc', '--conditions=source', '--import', 'tsx'],
  env: {
    ...process.env,
    ...benchServerEnv(dataDir, `bench-soak-${process.pid}`),
    PORT: String(port),
    HOST: '127.0.0.1',
  },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const url = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${url}/health`)).ok) break;
  } catch {}
  if (i > 1200) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 50));
}

interface Sample {
  atS: number;
  heapUsedMb: number;
  rssMb: number;
  loopMaxMs: number;
  loopP99Ms: number;
  sockets: number;
}
const samples: Sample[] = [];
const t0 = performance.now();
const sample = () =>
  new Promise<void>((resolve) => {
    child.once('message', (m) => {
      const x = m as { memory: NodeJS.MemoryUsage; loop: { maxMs: number; p99Ms: number }; sockets: number };
      samples.push({
        atS: Math.round((performance.now() - t0) / 1000),
        heapUsedMb: +(x.memory.heapUsed / 2 ** 20).toFixed(2),
        rssMb: +(x.memory.rss / 2 ** 20).toFixed(1),
        loopMaxMs: +x.loop.maxMs.toFixed(1),
        loopP99Ms: +x.loop.p99Ms.toFixed(1),
        sockets: x.sockets,
      });
      console.info(JSON.stringify(samples.at(-1)));
      resolve();
    });
    child.send('sample');
  });

const driver = sayspellDriver(url, 'partnered');
await driver.open(GAMES * 2);
await sample();
const timer = setInterval(() => void sample(), 10_000);
// a game of 20 words at 2–4 s a guess lasts ≈ 60 s
const gamesPerSlot = Math.max(2, Math.round(MINUTES));
const result = await runRound(driver, { slots: GAMES, gamesPerSlot, think: thinkMs(2000, 4000) });
clearInterval(timer);
await driver.close();
await new Promise((r) => setTimeout(r, 7000)); // past DISCONNECT_GRACE_MS
await sample();
child.kill('SIGTERM');
fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });

// least squares slope of heap after GC, over the samples while playing (first 60 s excluded: warm-up)
const playing = samples.slice(1, -1).filter((s) => s.atS >= 60);
const n = playing.length;
const mx = playing.reduce((a, s) => a + s.atS, 0) / n;
const my = playing.reduce((a, s) => a + s.heapUsedMb, 0) / n;
const slope =
  playing.reduce((a, s) => a + (s.atS - mx) * (s.heapUsedMb - my), 0) /
  playing.reduce((a, s) => a + (s.atS - mx) ** 2, 0);
const summary = {
  games: GAMES,
  minutesPlayed: +(result.wallMs / 60_000).toFixed(1),
  gamesFinished: result.games,
  guesses: result.partnerMs.length,
  errors: result.errors.length,
  heapAfterGcSlopeKbPerMin: Math.round(slope * 1024 * 60 * 10) / 10,
  heapUsedMb: {
    first: samples[1]?.heapUsedMb,
    last: samples.at(-2)?.heapUsedMb,
    afterClose: samples.at(-1)?.heapUsedMb,
  },
  rssMb: { first: samples[1]?.rssMb, last: samples.at(-2)?.rssMb, afterClose: samples.at(-1)?.rssMb },
  eventLoopDelayMaxMs: Math.max(...samples.slice(1, -1).map((s) => s.loopMaxMs)),
  eventLoopDelayP99WorstSampleMs: Math.max(...samples.slice(1, -1).map((s) => s.loopP99Ms)),
  partnerP50Ms: +percentile(result.partnerMs, 50).toFixed(1),
  partnerP99Ms: +percentile(result.partnerMs, 99).toFixed(1),
};
console.info(JSON.stringify(summary, null, 2));
console.info(
  'written to',
  writeResult(`soak${onPostgres ? '-postgres' : ''}${MINUTES < 10 ? `-${MINUTES}min` : ''}`, {
    settings: { backend, games: GAMES, minutes: MINUTES, thinkMs: [2000, 4000] },
    summary,
    samples,
  }),
);
process.exit(0);
