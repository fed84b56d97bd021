import { parentPort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { GuessMet } from '../learning/learning-batch.ts';
import type { Db } from './database.ts';

// the embedded database's own thread (pglite-thread.ts is the server's side). PGlite runs
// Postgres compiled to WASM: on the server's thread every query's work, its file writes included,
// held the event loop (issue 16's bench: half of the server's busy time). here it runs beside it.
// the requests arrive in the order the server made them and reach PGlite in that order (its own
// lock runs one query or transaction at a time, first come first served); a transaction stays
// open across requests until the server ends it

export type DbRequest =
  | { id: number; op: 'open'; dataDir: string; wasm: WebAssembly.Module }
  | {
      id: number;
      op: 'query';
      sql: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** types whose values stay as Postgres wrote them (drizzle maps dates itself) */
      raw?: number[];
      tx?: number;
    }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  /** a batch of the learning loop's guesses, written at `now`; answers the failures (DbFailure[]) */
  | { id: number; op: 'learn'; met: GuessMet[]; now: number }
  | { id: number; op: 'close' };

/** a database error's fields that hold no values (its code, constraint, table…), and its message */
export type DbFailure = { name: string; message: string; fields: Record<string, string | number> };

export type DbReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: DbFailure };

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs in a worker thread');

let pg: PGlite | undefined;
/** the learning batch's code and its repository, loaded at the first batch (not before the database opens) */
let learning: Promise<LearningBatch> | undefined;
type LearningBatch = {
  repo: import('../learning/learning-repository.ts').LearningRepository;
  write: typeof import('../learning/learning-batch.ts').writeGuessesMet;
  atMost: number;
};

async function loadLearning(db: PGlite): Promise<LearningBatch> {
  const [{ drizzle }, schema, { createLearningRepository }, batch] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('./schema.ts'),
    import('../learning/learning-repository.ts'),
    import('../learning/learning-batch.ts'),
  ]);
  const repo = createLearningRepository(drizzle(db, { schema }) as unknown as Db);
  return { repo, write: batch.writeGuessesMet, atMost: batch.WRITE_AT_MOST_ON_DATABASE_THREAD };
}
const open = new Map<number, { tx: Transaction; end(commit: boolean): void }>();
const ending = new Map<number, Promise<void>>();
let nextTx = 1;
const ROLLBACK = Symbol('rollback');
const keepRaw = (value: string) => value;

function failure(err: unknown): DbFailure {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(err)) {
    // a failed query's parameters (and the statement's values in `detail`) stay here
    if (key === 'detail' || key === 'params') continue;
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { name: err.name, message: err.message, fields };
}

function target(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) {
    if (!pg) throw new Error('The embedded database is not open.');
    return pg;
  }
  const t = open.get(tx);
  if (!t) throw new Error('That transaction has ended.');
  return t.tx;
}

async function handle(req: DbRequest): Promise<unknown> {
  switch (req.op) {
    case 'open':
      pg = await PGlite.create(req.dataDir, { pgliteWasmModule: req.wasm });
      return null;
    case 'query': {
      const parsers = Object.fromEntries((req.raw ?? []).map((oid) => [oid, keepRaw]));
      return target(req.tx).query(req.sql, req.params, { rowMode: req.rowMode, parsers });
    }
    case 'exec':
      return target(req.tx).exec(req.sql);
    case 'begin': {
      if (!pg) throw new Error('The embedded database is not open.');
      const id = nextTx++;
      let started!: () => void;
      const begun = new Promise<void>((resolve) => {
        started = resolve;
      });
      const done = pg.transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            open.set(id, { tx, end: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
            started();
          }),
      );
      ending.set(id, done);
      // a transaction that could not begin answers its error here
      try {
        await Promise.race([begun, done]);
      } catch (err) {
        ending.delete(id);
        throw err;
      }
      return id;
    }
    case 'end': {
      const t = open.get(req.tx);
      const done = ending.get(req.tx);
      if (!t || !done) throw new Error('That transaction has ended.');
      open.delete(req.tx);
      ending.delete(req.tx);
      t.end(req.commit);
      try {
        await done;
      } catch (err) {
        if (err !== ROLLBACK) throw err;
      }
      return null;
    }
    case 'learn': {
      if (!pg) throw new Error('The embedded database is not open.');
      // a load that failed is tried again at the next batch
      learning ??= loadLearning(pg).catch((err) => {
        learning = undefined;
        throw err;
      });
      const { repo, write, atMost } = await learning;
      const failures: DbFailure[] = [];
      // the database's own error, not drizzle's around it (whose message holds the statement's values)
      const told = (err: unknown) =>
        failures.push(failure(err instanceof Error && err.cause instanceof Error ? err.cause : err));
      await write(repo, req.met, req.now, told, atMost);
      return failures;
    }
    case 'close':
      await pg?.close();
      pg = undefined;
      learning = undefined;
      return null;
  }
}

port.on('message', (req: DbRequest) => {
  handle(req).then(
    (value) => port.postMessage({ id: req.id, ok: true, value } satisfies DbReply),
    (err) => port.postMessage({ id: req.id, ok: false, error: failure(err) } satisfies DbReply),
  );
});
