import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.ts';
import { freshDataDir, onPostgres } from './harness.ts';

// the embedded database (PGlite) runs on a thread of its own (db/pglite-thread.ts). on the
// server's thread, a crowd's queries queued at once ran back to back for seconds while timers and
// sockets waited, and the sockets' pings went out so late that their clients dropped them (issue
// 16's 200-game bench: 266 of 400 sockets lost to 'ping timeout'). what drizzle relies on must
// cross the thread intact: transactions that hold the database, errors with their codes, values

describe.skipIf(onPostgres)('the embedded database on its own thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: freshDataDir() });
    await database.db.execute(
      sql`create table thread_probe (id int primary key, label text not null, at timestamptz not null)`,
    );
  });
  afterAll(() => database.close());

  it('lets timers and sockets have their turn while a flood of queries is answered', async () => {
    const QUERIES = 3000;
    let done = 0;
    const flood = Array.from({ length: QUERIES }, (_, i) =>
      database.db.execute(sql`select ${i}::int as n`).then(() => void done++),
    );
    // a task queued behind the flood, as a socket's ping timer is
    const doneAtTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    const answers = await Promise.all(flood);
    expect(answers).toHaveLength(QUERIES);
    expect(done).toBe(QUERIES);
    expect(doneAtTurn).toBeLessThan(QUERIES);
  });

  it('answers in the order asked, with the values as the database has them', async () => {
    const at = new Date('2026-11-25T07:00:00.123Z');
    await database.db.execute(sql`insert into thread_probe values (1, 'first', ${at.toISOString()})`);
    const rows = await Promise.all(
      Array.from({ length: 50 }, (_, i) => database.db.execute(sql`select ${i}::int as n, ${`é${i}`} as s`)),
    );
    expect(rows.map((r) => (r as unknown as { rows: { n: number; s: string }[] }).rows[0])).toEqual(
      Array.from({ length: 50 }, (_, i) => ({ n: i, s: `é${i}` })),
    );
    const [probe] = (
      (await database.db.execute(sql`select label, at from thread_probe where id = 1`)) as unknown as {
        rows: { label: string; at: string }[];
      }
    ).rows;
    expect(probe?.label).toBe('first');
    expect(new Date(probe!.at).getTime()).toBe(at.getTime());
  });

  it('holds the database for a transaction: a query asked meanwhile runs after it, outside it', async () => {
    let seenOutside: Promise<unknown> | undefined;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (2, 'rolled back', now())`);
        seenOutside = database.db.execute(sql`select count(*)::int as n from thread_probe where id = 2`);
        const [inside] = (
          (await tx.execute(sql`select count(*)::int as n from thread_probe where id = 2`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows;
        expect(inside?.n).toBe(1);
        throw new Error('roll it back');
      }),
    ).rejects.toThrow('roll it back');
    expect((await seenOutside) as unknown).toMatchObject({ rows: [{ n: 0 }] });

    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (3, 'kept', now())`);
    });
    expect(await database.db.execute(sql`select label from thread_probe where id = 3`)).toMatchObject({
      rows: [{ label: 'kept' }],
    });
  });

  it("brings a database error's code and constraint back, not its values", async () => {
    const failed = await database.db
      .execute(sql`insert into thread_probe values (1, ${'secret@example.org'}, now())`)
      .then(
        () => undefined,
        (err: Error & { cause?: Record<string, unknown> }) => err,
      );
    const cause = failed?.cause ?? (failed as unknown as Record<string, unknown>);
    expect(cause).toMatchObject({ code: '23505', constraint: 'thread_probe_pkey' });
    expect(JSON.stringify(cause)).not.toContain('secret@example.org');
    // and the database goes on
    expect(await database.ping()).toBe(true);
  });

  it('says the database is closed to a query asked after it', async () => {
    const other = await openDatabase({ dataDir: freshDataDir() });
    await other.close();
    const failed = await other.db.execute(sql`select 1`).then(
      () => undefined,
      (err: Error) => err,
    );
    expect((failed?.cause as Error | undefined)?.message).toMatch(/embedded database is not available/);
  });
});
