import { defineConfig } from 'vitest/config';

// one runner for every suite; each workspace is a project with its own environment.
// with SAYSPELL_TEST_DATABASE_URL set, the server suites run a second time on PostgreSQL + Redis.
const onServers = !!process.env.SAYSPELL_TEST_DATABASE_URL;

// most suites wait on sockets and timers more than on the cpu: two files at a time even on two
// cores. the PostgreSQL + Redis suites run after the others, one file at a time (their failover,
// crowd and timing-scan tests want the machine), each file on a database of its own
// (apps/server/test/postgres-worker-db.ts)
// in CI a failed test gets a second try, as the e2e suite's do (e2e/playwright.config.ts): a real
// failure still fails, twice; a test that lost a race with a loaded machine does not turn the
// whole run red (the session guard's renewal count did, once). never locally, so a flaky test
// shows up where it is written
const retry = process.env.CI ? 1 : 0;
// the server's files share one module graph per worker (isolate: false): each used to import the
// whole server again, about a second a file, 130 files a run. every server test builds its own app,
// database and clock and reads its environment when it starts one, so nothing leaks between files;
// the web's files stay isolated (about fifty of them mock modules)
const SHARED_MODULES = { isolate: false };
const PARALLEL = { maxWorkers: 2, retry, sequence: { groupOrder: 0 } };
const AFTER = { maxWorkers: 1, retry, sequence: { groupOrder: 1 } };

export default defineConfig({
  test: {
    projects: [
      { extends: './packages/core/vitest.config.ts', root: './packages/core', test: PARALLEL },
      { extends: './apps/web/vite.config.ts', root: './apps/web', test: PARALLEL },
      { extends: './data/vitest.config.ts', root: './data', test: PARALLEL },
      {
        extends: './apps/server/vitest.config.ts',
        root: './apps/server',
        test: {
          name: 'server',
          env: { SAYSPELL_TEST_DATABASE_URL: '', SAYSPELL_TEST_REDIS_URL: '' },
          ...PARALLEL,
          ...SHARED_MODULES,
        },
      },
      ...(onServers
        ? [
            {
              extends: './apps/server/vitest.config.ts',
              root: './apps/server',
              // once is enough for what no database changes: the unit tests beside the sources,
              // speech synthesis, the TURN credentials, and the fuzzing of input validation; and
              // for the killed embedded instance, which is PGlite without Redis whatever the suite's
              test: {
                name: 'server-postgres-redis',
                exclude: [
                  'src/**',
                  'test/speech.*',
                  'test/speech-to-text.*',
                  'test/turn.*',
                  'test/fuzz.*',
                  'test/soak.*',
                  'test/embedded-killed.*',
                ],
                setupFiles: ['test/postgres-worker-db.ts'],
                globalSetup: ['test/global-setup.ts', 'test/postgres-global-setup.ts'],
                ...AFTER,
                ...SHARED_MODULES,
              },
            },
            {
              // the soak plays for two minutes at a tenth of a core, from the run's start, beside
              // the first group and holding none of its workers (test/soak-global-setup.ts); its
              // test, in the group after, waits for it and reads what it wrote
              root: './apps/server',
              test: {
                name: 'soak',
                environment: 'node',
                include: ['test/soak.integration.test.ts'],
                globalSetup: ['test/soak-global-setup.ts'],
                ...AFTER,
              },
            },
          ]
        : []),
    ],
  },
});
