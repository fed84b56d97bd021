import { randomUUID } from 'node:crypto';
import pg from 'pg';

// the PostgreSQL + Redis suites run one file at a time (vitest.config.ts), and each file gets a
// database of its own, set up here before each file even where the files share a worker's modules:
// a copy of the run's migrated and seeded template (test/postgres-global-setup.ts). No file meets
// another's games, invites, languages or clocks, whatever order the files run in. Redis needs
// nothing: every test server has its own REDIS_PREFIX

// the run's own url is kept aside: a worker's env outlives the file it ran
process.env.SAYSPELL_TEST_DATABASE_BASE_URL ??= process.env.SAYSPELL_TEST_DATABASE_URL ?? '';
const base = process.env.SAYSPELL_TEST_DATABASE_BASE_URL;
if (base) {
  const url = new URL(base);
  const run = url.pathname.slice(1);
  const name = `${run}_f${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    // two files copying the template at the same moment may be told it is busy: try again
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${run}_tmpl"`);
        break;
      } catch (err) {
        if (attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 250 + Math.random() * 250));
      }
    }
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  process.env.SAYSPELL_TEST_DATABASE_URL = url.toString();
}
