import { defineConfig } from 'vitest/config';

// one runner for every suite; each workspace is a project with its own environment.
// with SAYSPELL_TEST_DATABASE_URL set, the server suites run a second time on PostgreSQL + Redis.
const onServers = !!process.env.SAYSPELL_TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'apps/web',
      'data',
      {
        extends: './apps/server/vitest.config.ts',
        root: './apps/server',
        test: { name: 'server', env: { SAYSPELL_TEST_DATABASE_URL: '', SAYSPELL_TEST_REDIS_URL: '' } },
      },
      ...(onServers
        ? [
            {
              extends: './apps/server/vitest.config.ts',
              root: './apps/server',
              test: { name: 'server-postgres-redis' },
            },
          ]
        : []),
    ],
  },
});
