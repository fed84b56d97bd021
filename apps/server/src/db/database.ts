import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { LearningWriter } from '../learning/learning-batch.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { PGliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** the embedded database writes the learning loop's batches on its own thread (learning-batch.ts) */
  writeLearning?: LearningWriter;
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
    // on a thread of its own: its work and its file writes no longer hold the server's event loop
    const client = await PGliteThread.open(path.join(dataDir, 'pglite'));
    const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
    try {
      await migratePglite(db as never, { migrationsFolder });
    } catch (err) {
      await client.close();
      throw err;
    }
    return {
      db,
      kind: 'pglite',
      ping: async () => (await client.query('select 1')).rows.length === 1,
      writeLearning: (met, now, onError) => client.learn(met, now, onError),
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
