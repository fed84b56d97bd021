import { sleep } from './load.ts';
import { type Child, cpuMsOf, machineBusyMs, pidsNamed } from './processes.ts';

// the machine is shared (tests, builds): cpu used by anything outside the measurement is noise.
// rounds wait for a quiet machine, and a round that was disturbed anyway is run again.

/** other processes' cpu, in ms per s, above which a round counts as disturbed */
export const NOISY_MS_PER_S = 250;

/** how long a round waits for a quiet machine, and how often a disturbed round is run again:
 * BENCH_QUIET_WAIT_S (180) and BENCH_RETRIES (2). on a machine that is never quiet, lower them
 * and read the other processes' cpu recorded with every round */
export const QUIET_WAIT_MS = Number(process.env.BENCH_QUIET_WAIT_S ?? 180) * 1000;
export const RETRIES = Number(process.env.BENCH_RETRIES ?? 2);

export interface CpuMark {
  /** the system under test */
  child: number;
  /** it, its database (postgres, redis) and this load generator */
  ours: number;
  machine: number;
}

export function cpuMark(child: Child): CpuMark {
  const db = pidsNamed(['postgres', 'redis-server']).reduce((a, pid) => a + cpuMsOf(pid), 0);
  const self = process.cpuUsage();
  return {
    child: child.cpuMs(),
    ours: child.cpuMs() + db + (self.user + self.system) / 1000,
    machine: machineBusyMs(),
  };
}

/** cpu ms per s used by everything else between two marks */
export const otherMsPerS = (a: CpuMark, b: CpuMark, wallMs: number) =>
  Math.round((b.machine - a.machine - (b.ours - a.ours)) / (wallMs / 1000));

/** waits (bounded) until other processes use less than half the noisy level */
export async function quietMachine(child: Child, maxWaitMs = QUIET_WAIT_MS): Promise<number> {
  const deadline = performance.now() + maxWaitMs;
  for (;;) {
    const a = cpuMark(child);
    await sleep(2000);
    const other = otherMsPerS(a, cpuMark(child), 2000);
    if (other < NOISY_MS_PER_S / 2 || performance.now() > deadline) return other;
    console.warn(`waiting for a quiet machine: other processes use ${other} ms of cpu per s`);
  }
}
