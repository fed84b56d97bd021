import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import type { ClientToServerEvents, ServerToClientEvents } from '@sayspell/core/protocol/socket';
import pino from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, inject } from 'vitest';
import { buildServer, type SaySpellServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

// a real server on a real port, on PGlite by default or on PostgreSQL + Redis when the
// SAYSPELL_TEST_* variables are set; real socket.io clients talk to it

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const onPostgres = !!process.env.SAYSPELL_TEST_DATABASE_URL;

export function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-test-'));
  const template = inject('pgliteTemplate');
  if (template) fs.cpSync(template, dir, { recursive: true });
  return dir;
}

export interface TestServer {
  server: SaySpellServer;
  url: string;
  port: number;
  dataDir: string;
  close(): Promise<void>;
}

export async function startServer(
  opts: { dataDir?: string; port?: number; env?: Record<string, string>; clock?: { now(): number } } = {},
) {
  const dataDir = opts.dataDir ?? freshDataDir();
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(opts.port ?? 0),
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.SAYSPELL_TEST_DATABASE_URL ?? '',
    REDIS_URL: process.env.SAYSPELL_TEST_REDIS_URL ?? '',
    // each test server has its own stream unless a test shares one on purpose
    REDIS_PREFIX: `test-${process.pid}-${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
    GUEST_MAX_PER_IP: '100000',
    // every test comes from 127.0.0.1 and the PostgreSQL suites share one database: per-address
    // limits are tested on purpose where a test sets them
    REGISTER_MAX_PER_IP: '100000',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    DISCONNECT_GRACE_MS: '200',
    TTS_PROVIDER: 'auto',
    ...opts.env,
  });
  const server = await buildServer(config, {
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  const url = await server.listen();
  const port = Number(new URL(url).port);
  return { server, url, port, dataDir, close: () => server.close() } satisfies TestServer;
}

/**
 * servers a test file starts, closed once the file is done, or after each test with 'each': on
 * PostgreSQL the servers of a file share one database, and a server left running with a test
 * clock set far ahead would sweep the next test's games as overdue
 */
export function serverPool(scope: 'file' | 'each' = 'file') {
  const running: TestServer[] = [];
  (scope === 'each' ? afterEach : afterAll)(async () => {
    for (const s of running.splice(0)) await s.close().catch(() => {});
  });
  return async (opts: Parameters<typeof startServer>[0] = {}) => {
    const t = await startServer(opts);
    running.push(t);
    return t;
  };
}

export async function api<T = unknown>(
  url: string,
  method: string,
  pathname: string,
  opts: {
    token?: string;
    body?: unknown;
    rawBody?: string;
    form?: FormData;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: T; text: string; headers: Headers }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | FormData | undefined;
  if (opts.form) body = opts.form;
  else if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${url}${pathname}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, body: parsed as T, text, headers: res.headers };
}

export async function guest(url: string): Promise<LoginAnswer> {
  const res = await api<LoginAnswer>(url, 'POST', '/v1/auth/login', { body: { strategy: 'guest' } });
  if (res.status !== 200) throw new Error(`guest login failed: ${res.status} ${res.text}`);
  // the guest accepts the EULA, as the web asks before a first chat or invite (§6)
  await confirmEula(url, res.body);
  return res.body;
}

/** 'I Understand' on the EULA: chatting and inviting need it */
export async function confirmEula(
  url: string,
  login: { token: { accessToken: string }; user: { _id: string } },
): Promise<void> {
  const res = await api(url, 'POST', '/v1/users/confirm-eula', {
    token: login.token.accessToken,
    body: { userId: login.user._id },
  });
  if (res.status !== 200) throw new Error(`EULA confirmation failed: ${res.status} ${res.text}`);
}

export async function socketFor(url: string, token: string, opts: { reconnection?: boolean } = {}) {
  const socket: ClientSocket = connect(url, {
    auth: { token },
    transports: ['websocket'],
    reconnection: opts.reconnection ?? false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  return socket;
}

/** emits with an acknowledgement and returns what the server answered */
export function ask<A = { ok: boolean; [k: string]: unknown }>(
  socket: ClientSocket,
  event: string,
  payload?: unknown,
) {
  return (
    socket.timeout(10_000) as unknown as { emitWithAck(e: string, p?: unknown): Promise<A> }
  ).emitWithAck(event, payload);
}

/** The next `event` on `socket` (the next one `where` accepts, when given). */
export function nextEvent<T>(
  socket: ClientSocket,
  event: keyof ServerToClientEvents,
  timeoutMs = 10_000,
  where: (payload: T) => boolean = () => true,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const listener = ((payload: T) => {
      if (!where(payload)) return;
      clearTimeout(t);
      socket.off(event, listener);
      resolve(payload);
    }) as never;
    const t = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(event, listener);
  });
}

export const soloGameBody = (spellerId: string, over: Record<string, unknown> = {}) => ({
  language: 'English',
  difficulty: 'beginner',
  category: 'category_animals',
  gameTimer: '90',
  solo: true,
  speller: spellerId,
  ...over,
});

/** real time plus an offset that a test can move forward, e.g. past the countdown */
export function testClock() {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms: number) {
      offset += ms;
    },
  };
}
