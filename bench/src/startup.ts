import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { median, writeResult } from './measure.ts';

// start-up time: process spawn until GET /health answers, for the server on a fresh data folder
// and on an existing one, against a bare node:http server started the same way (the baseline:
// what node and tsx cost by themselves). runs alternate; medians are reported.

const root = path.join(import.meta.dirname, '..', '..');
const runs = Number(process.env.RUNS ?? 5);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function timeToHealthy(script: string, env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        if (res.ok) return performance.now() - started;
      } catch {}
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const baselineScript = path.join(os.tmpdir(), 'sayspell-bench-baseline.ts');
fs.writeFileSync(
  baselineScript,
  "import http from 'node:http';\nhttp.createServer((_q, s) => s.end('{\"status\":\"ok\"}')).listen(Number(process.env.PORT), '127.0.0.1');\n",
);

const fresh: number[] = [];
const existing: number[] = [];
const baseline: number[] = [];
const server = 'apps/server/src/main.ts';
for (let i = 0; i < runs; i++) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-start-'));
  baseline.push(await timeToHealthy(baselineScript, {}));
  fresh.push(await timeToHealthy(server, { DATA_DIR: dir }));
  existing.push(await timeToHealthy(server, { DATA_DIR: dir }));
  fs.rmSync(dir, { recursive: true, force: true });
}

const result = {
  runs,
  medianMs: {
    baselineNodeHttp: Math.round(median(baseline)),
    freshDataFolder: Math.round(median(fresh)),
    existingDataFolder: Math.round(median(existing)),
  },
  ratioToBaseline: {
    freshDataFolder: +(median(fresh) / median(baseline)).toFixed(2),
    existingDataFolder: +(median(existing) / median(baseline)).toFixed(2),
  },
  samplesMs: { baseline, fresh, existing },
};
console.info(JSON.stringify(result.medianMs), JSON.stringify(result.ratioToBaseline));
console.info('written to', writeResult('startup', result));
