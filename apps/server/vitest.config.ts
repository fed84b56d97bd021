import { defineProject } from 'vitest/config';

// server suites run on embedded PGlite; with SAYSPELL_TEST_DATABASE_URL / SAYSPELL_TEST_REDIS_URL
// set, the root config runs them a second time on PostgreSQL + Redis
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // real engines, sockets and two databases: a loaded two-core machine needs the headroom
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // the pglite template is made once per run
    globalSetup: ['test/global-setup.ts'],
  },
});
