import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { onPostgres } from './harness.ts';
import { GAMES, MINUTES, soakFiles } from './soak-global-setup.ts';

// the soak (issue 8), short, in CI's PostgreSQL + Redis pass only: the bench's soak
// (bench/src/soak.ts) plays partnered games back to back against the real server started with
// --expose-gc, on a database of its own. it starts with the run (test/soak-global-setup.ts) and
// plays beside the first group's files; this test, in the group after, waits for it to end.
// nothing may fail, and once the players have gone the heap must be back near where it was when
// they had just arrived: what a game leaves behind (timers, rooms, sockets, listeners) would pile
// up here. event-loop delay and latency are reported in the output, not asserted: timings do not
// belong in tests (docs/performance.md has the 10-minute run)

/** resolves once the soak's player has exited, with its exit code */
async function soakEnded(out: string): Promise<string> {
  const { exit } = soakFiles(out);
  while (!fs.existsSync(exit)) await new Promise((resolve) => setTimeout(resolve, 500));
  return fs.readFileSync(exit, 'utf8');
}

describe.skipIf(!onPostgres || !process.env.CI)('soak', () => {
  it(
    `${GAMES} partnered games for ${MINUTES} minutes: no error, no leak`,
    async () => {
      const out = inject('soakOut');
      expect(await soakEnded(out)).toBe('0');
      const { summary } = JSON.parse(fs.readFileSync(soakFiles(out).result, 'utf8'));
      expect(summary.errors).toBe(0);
      // each pair plays at least two whole games
      expect(summary.gamesFinished).toBeGreaterThanOrEqual(GAMES * 2);
      expect(summary.guesses).toBeGreaterThanOrEqual(GAMES * 2 * 20);
      // a leak of ~100 KB a game (a socket's worth) would put it far past this
      expect(summary.heapUsedMb.afterClose - summary.heapUsedMb.first).toBeLessThan(12);
    },
    6 * 60_000,
  );
});
