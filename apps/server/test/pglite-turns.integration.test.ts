import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.ts';
import { freshDataDir, onPostgres } from './harness.ts';

// PGlite runs on the server's thread. a crowd's queries queued at once used to run back to back
// as promises, for seconds, and the sockets' pings waited behind them until the clients dropped
// (issue 16's 200-game bench: 266 of 400 sockets lost to 'ping timeout'). the event loop now gets
// a turn between queries once it has waited 10 ms

describe.skipIf(onPostgres)('the embedded database under a flood of queries', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: freshDataDir() });
  });
  afterAll(() => database.close());

  it('lets timers and sockets have their turn before the queue is drained', async () => {
    const QUERIES = 3000;
    let done = 0;
    const flood = Array.from({ length: QUERIES }, (_, i) =>
      database.db.execute(sql`select ${i}::int as n`).then(() => void done++),
    );
    // a task queued behind the flood, as a socket's ping timer is
    const doneAtTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    await Promise.all(flood);
    expect(done).toBe(QUERIES);
    expect(doneAtTurn).toBeLessThan(QUERIES);
  });
});
