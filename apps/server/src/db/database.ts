import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, '../../drizzle');
// any fixed number: one instance migrates at a time when several start together
const MIGRATION_LOCK = 7_351_220;

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pglite'));
    yieldBetweenQueries(client);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      ping: async () => (await client.query('select 1')).rows.length === 1,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // an idle client that errors (server restart) must not crash the process
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(conn, { schema }), { migrationsFolder });
  } finally {
    await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    conn.release();
  }
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
      return true;
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite runs Postgres on this thread, and a query queued behind others starts as soon as the one
 * before it resolves: a promise, not a task. under a crowd (200 games opening at once) thousands of
 * queued queries ran back to back for seconds while timers and sockets waited: the sockets' pings
 * went out late and their clients dropped them ('ping timeout'). a query that finds the event loop
 * without a turn for LOOP_TURN_MS gives it one first; on a quiet server none waits
 */
const LOOP_TURN_MS = 10;

function yieldBetweenQueries(client: PGlite) {
  let lastTurn = performance.now();
  let watching = false;
  const watch = () => {
    if (watching) return;
    watching = true;
    setImmediate(() => {
      watching = false;
      lastTurn = performance.now();
    });
  };
  // queries and transactions start one after another here, in the order they were asked for
  // (PGlite runs one at a time anyway), so the check is made as each one starts
  let tail: Promise<unknown> = Promise.resolve();
  function inTurn<T>(run: () => Promise<T>): Promise<T> {
    watch();
    const next = tail.then(async () => {
      if (performance.now() - lastTurn > LOOP_TURN_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        lastTurn = performance.now();
      }
      return run();
    });
    tail = next.catch(() => {});
    return next;
  }
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => inTurn(() => query(...args))) as typeof client.query;
  client.exec = ((...args: Parameters<typeof exec>) => inTurn(() => exec(...args))) as typeof client.exec;
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    inTurn(() => transaction(...args))) as typeof client.transaction;
}
