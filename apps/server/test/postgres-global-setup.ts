import pg from 'pg';
import { openDatabase } from '../src/db/database.ts';
import { seed } from '../src/db/seed.ts';

// the PostgreSQL + Redis suites: one database migrated and seeded once (<run>_tmpl), which every
// test file copies into a database of its own (test/postgres-worker-db.ts); all of them are dropped
// once the run is over

export const templateOf = (name: string) => `${name}_tmpl`;

/** one connection to the server at `url` for `f`, closed after */
export async function withAdmin<T>(url: string, f: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await f(admin);
  } finally {
    await admin.end();
  }
}

async function dropCopies(base: string) {
  const name = new URL(base).pathname.slice(1);
  await withAdmin(base, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1 || '\\_%' and datname <> $1",
      [name],
    );
    for (const r of rows) await admin.query(`drop database if exists "${r.datname}" with (force)`);
  });
}

export default async function setup() {
  const base = process.env.SAYSPELL_TEST_DATABASE_URL;
  if (!base) return;
  await dropCopies(base);
  const url = new URL(base);
  const template = templateOf(url.pathname.slice(1));
  await withAdmin(base, (admin) => admin.query(`create database "${template}"`));
  url.pathname = `/${template}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  await seed(database.db);
  await database.close();
  return () => dropCopies(base);
}
