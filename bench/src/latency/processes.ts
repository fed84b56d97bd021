import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// child processes for the systems under test: each in its own node (own event loop), on 127.0.0.1

export const root = path.join(import.meta.dirname, '..', '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Child {
  url: string;
  pid: number;
  /** user + system cpu time of the process so far, in ms (from /proc) */
  cpuMs(): number;
  stop(): Promise<void>;
}

export function cpuMsOf(pid: number): number {
  try {
    // fields after the command name: utime and stime are the 12th and 13th
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on linux
  } catch {
    return Number.NaN;
  }
}

/** cpu time the whole machine has been busy, in ms (all cores, from /proc/stat) */
export function machineBusyMs(): number {
  const [, user, nice, system, _idle, _iowait, irq, softirq, steal] = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .split(/\s+/)
    .map(Number);
  return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / 100;
}

/** processes whose command is one of `names` (e.g. the database's) */
export function pidsNamed(names: string[]): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (names.includes(fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim())) pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

/** starts `node --conditions=source --import tsx <script>` and waits until GET /health answers */
export async function startChild(
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
  // a shared machine can take longer than a minute to start a server: BENCH_START_TIMEOUT_MS
  timeoutMs = Number(process.env.BENCH_START_TIMEOUT_MS ?? 60_000),
  fixedPort?: number,
): Promise<Child> {
  const port = fixedPort ?? (await freePort());
  const child = spawn(process.execPath, [...nodeArgs, '--conditions=source', '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', process.env.BENCH_CHILD_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {}
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not answer /health within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    cpuMs: () => cpuMsOf(pid),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/**
 * what a SaySpell server needs under a benchmark: its own data folder and Redis prefix, the rate
 * limits out of the load generator's way (every client comes from 127.0.0.1), tokens that outlive
 * the run
 */
export const benchServerEnv = (dataDir: string, redisPrefix: string) => ({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000000',
  GUEST_MAX_PER_IP: '100000000',
  ACCESS_TOKEN_TTL: '7200',
  REDIS_PREFIX: redisPrefix,
});

/** a SaySpell server of `checkout` (this repository, or a worktree of another commit) for a benchmark */
export const startSayspell = (
  checkout: string,
  dataDir: string,
  redisPrefix: string,
  nodeArgs: string[] = [],
) =>
  startChild(path.join(checkout, 'apps/server/src/main.ts'), benchServerEnv(dataDir, redisPrefix), nodeArgs);
