import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { onPostgres } from './harness.ts';
import { withAdmin } from './postgres-global-setup.ts';

// the soak (issue 8), short, in CI's PostgreSQL + Redis pass only, in a vitest project of its own
// beside the PGlite files (100 games at a guess every 2–4 s take a tenth of a core for two
// minutes), on a database of its own: the bench's soak (bench/src/soak.ts) plays partnered games
// back to back against the real server started with --expose-gc. nothing may fail, and once the
// players have gone the heap must be back near where it was when they had just arrived: what a game
// leaves behind (timers, rooms, sockets, listeners) would pile up here. event-loop delay and
// latency are reported in the output, not asserted: timings do not belong in tests
// (docs/performance.md has the 10-minute run)

const GAMES = 100;
const MINUTES = 2;
const root = path.join(import.meta.dirname, '../../..');

describe.skipIf(!onPostgres || !process.env.CI)('soak', () => {
  it(
    `${GAMES} partnered games for ${MINUTES} minutes: no error, no leak`,
    async () => {
      const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-soak-'));
      // a database of its own, which the real server migrates and seeds as it starts; not named
      // after the run's, whose copies the other files' set-up drops (test/postgres-global-setup.ts)
      const base = new URL(process.env.SAYSPELL_TEST_DATABASE_URL ?? '');
      const name = `soak_${base.pathname.slice(1)}`;
      const admin = (sql: string) => withAdmin(base.toString(), (client) => client.query(sql));
      await admin(`drop database if exists "${name}" with (force)`);
      await admin(`create database "${name}"`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      const child = spawn(
        process.execPath,
        [
          '--conditions=source',
          '--import',
          'tsx',
          'bench/src/soak.ts',
          '--games',
          `${GAMES}`,
          '--minutes',
          `${MINUTES}`,
        ],
        {
          cwd: root,
          env: {
            ...process.env,
            DATABASE_URL: url.toString(),
            REDIS_URL: process.env.SAYSPELL_TEST_REDIS_URL,
            BENCH_RESULTS_DIR: out,
          },
          stdio: ['ignore', 'inherit', 'inherit'],
        },
      );
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      await admin(`drop database if exists "${name}" with (force)`);
      expect(code).toBe(0);
      const { summary } = JSON.parse(fs.readFileSync(path.join(out, 'soak-postgres-2min.json'), 'utf8'));
      fs.rmSync(out, { recursive: true, force: true });
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
