import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// shared bits of the benchmarks: medians, the machine, and where results go

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    date: new Date().toISOString(),
  };
}

export function writeResult(name: string, result: unknown) {
  // BENCH_RESULTS_DIR: a test that runs a benchmark keeps its result out of the repository
  const dir = process.env.BENCH_RESULTS_DIR ?? path.join(import.meta.dirname, '..', 'results');
  const file = path.join(dir, `${name}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ machine: machine(), ...(result as object) }, null, 2)}\n`);
  return file;
}
