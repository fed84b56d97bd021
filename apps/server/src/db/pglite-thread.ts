import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { GuessMet } from '../learning/learning-batch.ts';
import { spawnWorker } from '../worker-thread.ts';
import type { DbFailure, DbReply, DbRequest } from './pglite-worker.ts';

// the embedded database (PGlite) on a thread of its own (pglite-worker.ts), seen from the server's
// thread as the part of PGlite's client that drizzle uses: query, exec, transaction. requests are
// sent as they are asked for and answered in that order; a transaction's statements go to the
// worker's open transaction, which holds PGlite (and so every other request) until it ends, as
// PGlite's own client does. the worker is referenced only while something waits for an answer, so
// a script that opened the database still ends when its work does

type Pending = { resolve(value: unknown): void; reject(err: Error): void };

let compiled: Promise<WebAssembly.Module> | undefined;
/**
 * PGlite's Postgres (9 MB of WASM), compiled once for the process and handed to each database
 * thread: a thread left to compile its own spent about a second of V8's helper threads on it, at
 * every open (a restart, a test's server). a compiled module crosses to a worker without copying
 */
function pgliteWasm(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return WebAssembly.compile(await fs.readFile(path.join(dist, 'pglite.wasm')));
  })().catch((err: unknown) => {
    // a failed read or compile is tried again at the next open
    compiled = undefined;
    throw err;
  });
  return compiled;
}
/** a request before its id is given: Omit over each kind of request */
type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never;
type Ask = WithoutId<DbRequest>;

export interface PGliteTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

export class PGliteThread implements PGliteTransaction {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on('message', (reply: DbReply) => this.answer(reply));
    worker.on('error', (err) => this.stop(err));
    worker.on('exit', (code) => this.stop(new Error(`its thread exited (${code})`)));
  }

  static async open(dataDir: string): Promise<PGliteThread> {
    const wasm = pgliteWasm();
    const thread = new PGliteThread(spawnWorker(import.meta.url, 'pglite-worker', { name: 'pglite' }));
    try {
      await thread.ask({ op: 'open', dataDir, wasm: await wasm });
    } catch (err) {
      await thread.worker.terminate();
      throw err;
    }
    return thread;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queryIn(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.ask({ op: 'exec', sql }) as Promise<Results[]>;
  }

  /** runs `fn` in one transaction: committed when it resolves, rolled back when it throws */
  async transaction<T>(fn: (tx: PGliteTransaction) => Promise<T>): Promise<T> {
    const id = (await this.ask({ op: 'begin' })) as number;
    const tx: PGliteTransaction = {
      query: (sql, params, options) => this.queryIn(id, sql, params, options),
      exec: (sql) => this.ask({ op: 'exec', sql, tx: id }) as Promise<Results[]>,
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      await this.ask({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw err;
    }
    await this.ask({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** a batch of the learning loop's guesses, written on the database's thread; each failure told */
  async learn(met: GuessMet[], now: number, onError: (err: unknown) => void): Promise<void> {
    if (met.length === 0) return;
    const failures = (await this.ask({ op: 'learn', met, now })) as DbFailure[];
    for (const f of failures) onError(databaseError(f));
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.ask({ op: 'close' });
    } finally {
      this.stop(new Error('it was closed'));
      await this.worker.terminate();
    }
  }

  private queryIn<T>(
    tx: number | undefined,
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    if (options?.serializers || options?.blob || options?.onNotice || options?.paramTypes) {
      return Promise.reject(new Error('Only rowMode and raw-text parsers reach the database thread.'));
    }
    const raw: number[] = [];
    for (const [oid, parse] of Object.entries(options?.parsers ?? {})) {
      // functions cannot cross threads: the only parsers drizzle gives keep Postgres's text as it is
      if (parse('raw', Number(oid)) !== 'raw') {
        return Promise.reject(new Error('Only raw-text parsers reach the database thread.'));
      }
      raw.push(Number(oid));
    }
    return this.ask({ op: 'query', sql, params, rowMode: options?.rowMode, raw, tx }) as Promise<Results<T>>;
  }

  private ask(request: Ask): Promise<unknown> {
    if (this.stopped) {
      return Promise.reject(new Error(`The embedded database is not available: ${this.stopped.message}.`));
    }
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as DbRequest);
    });
  }

  private answer(reply: DbReply) {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(databaseError(reply.error));
  }

  private stop(err: Error) {
    this.stopped ??= err;
    for (const waiting of this.pending.values()) {
      waiting.reject(new Error(`The embedded database stopped: ${err.message}.`));
    }
    this.pending.clear();
    this.worker.unref();
  }
}

/** the database's error as the server's code reads it: its message, code, constraint… */
function databaseError(failure: DbFailure): Error {
  const err = Object.assign(new Error(failure.message), failure.fields);
  err.name = failure.name;
  return err;
}
