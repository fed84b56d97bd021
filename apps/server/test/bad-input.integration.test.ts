import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, users } from '../src/db/schema.ts';
import { api, ask, guest, socketFor, soloGameBody, startServer, type TestServer } from './harness.ts';

// every route and event of the foundation, called with missing, wrong-typed and oversized input:
// a 4xx with a message a person can read, never a 500, and nothing written

let t: TestServer;
let token: string;
let userId: string;
const big = 'x'.repeat(70 * 1024);
// under the socket transport's 64 KB frame limit, far over every field's own limit
const bigField = 'x'.repeat(20 * 1024);
const uuid = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await startServer();
  const g = await guest(t.url);
  token = g.token.accessToken;
  userId = g.user._id;
});
afterAll(() => t?.close());

async function rowCounts() {
  const db = t.server.database.db;
  const [g] = await db.select({ n: count() }).from(games);
  const [u] = await db.select({ n: count() }).from(users);
  return { games: g!.n, users: u!.n };
}

type Case = [
  string,
  string,
  string,
  { body?: unknown; rawBody?: string; headers?: Record<string, string>; auth?: boolean },
];

const cases: Case[] = [
  ['login: no body', 'POST', '/v1/auth/login', {}],
  ['login: unknown strategy', 'POST', '/v1/auth/login', { body: { strategy: 'wizard' } }],
  ['login: wrong type', 'POST', '/v1/auth/login', { body: { strategy: 42 } }],
  ['login: an array', 'POST', '/v1/auth/login', { body: [1, 2] }],
  ['login: extra field', 'POST', '/v1/auth/login', { body: { strategy: 'guest', admin: true } }],
  ['login: oversized', 'POST', '/v1/auth/login', { body: { strategy: big } }],
  [
    'login: broken json',
    'POST',
    '/v1/auth/login',
    { rawBody: '{"strategy":', headers: { 'content-type': 'application/json' } },
  ],
  [
    'login: not json',
    'POST',
    '/v1/auth/login',
    { rawBody: 'strategy=guest', headers: { 'content-type': 'text/plain' } },
  ],
  ['refresh: missing token', 'POST', '/v1/auth/refresh', { body: {} }],
  ['refresh: wrong type', 'POST', '/v1/auth/refresh', { body: { refreshToken: 123 } }],
  ['refresh: oversized', 'POST', '/v1/auth/refresh', { body: { refreshToken: big } }],
  ['refresh: unknown token', 'POST', '/v1/auth/refresh', { body: { refreshToken: 'a'.repeat(43) } }],
  ['logout: wrong type', 'POST', '/api/auth/logout', { body: { refreshToken: [] } }],
  ['profile: no token', 'GET', '/v1/users/profile', { auth: false }],
  ['game: no token', 'POST', '/v1/game', { auth: false, body: {} }],
  ['game: no body', 'POST', '/v1/game', {}],
  ['game: empty object', 'POST', '/v1/game', { body: {} }],
  ['game: bad difficulty', 'POST', '/v1/game', { body: 'difficulty:expert' }],
  ['game: timer as words', 'POST', '/v1/game', { body: 'gameTimer:ninety' }],
  ['game: timer too long', 'POST', '/v1/game', { body: 'gameTimer:100000' }],
  ['game: timer negative', 'POST', '/v1/game', { body: 'gameTimer:-5' }],
  ['game: solo false', 'POST', '/v1/game', { body: 'solo:false' }],
  ['game: speller not an id', 'POST', '/v1/game', { body: 'speller:bob' }],
  ['game: someone else as speller', 'POST', '/v1/game', { body: `speller:${uuid}` }],
  ['game: disabled category', 'POST', '/v1/game', { body: 'category:category_sports' }],
  ['game: unknown category', 'POST', '/v1/game', { body: 'category:category_dragons' }],
  ['game: oversized category', 'POST', '/v1/game', { body: `category:${big}` }],
  ['game: disabled language', 'POST', '/v1/game', { body: 'language:French' }],
  ['game: unknown language', 'POST', '/v1/game', { body: 'language:Klingon' }],
  ['game: language wrong type', 'POST', '/v1/game', { body: 'language:7' }],
  ['game: extra field', 'POST', '/v1/game', { body: 'words:["cat"]' }],
  ['get game: not an id', 'GET', '/v1/game/not-an-id', {}],
  ['get game: unknown', 'GET', `/v1/game/${uuid}`, {}],
  ['get game: no token', 'GET', `/v1/game/${uuid}`, { auth: false }],
  ['delete: no body', 'POST', '/v1/delete-unfinished-game', {}],
  ['delete: bad id', 'POST', '/v1/delete-unfinished-game', { body: { _id: 12 } }],
  ['delete: oversized', 'POST', '/v1/delete-unfinished-game', { body: { _id: big } }],
  ['audio: bad token', 'GET', `/v1/game/${uuid}/audio/short`, {}],
  ['audio: unknown game', 'GET', `/v1/game/${uuid}/audio/${'a'.repeat(32)}`, {}],
  ['tts: no text', 'GET', '/v1/google/text-to-speech', {}],
  ['tts: empty text', 'GET', '/v1/google/text-to-speech?text=%20%20', {}],
  ['tts: oversized text', 'GET', `/v1/google/text-to-speech?text=${'a'.repeat(201)}`, {}],
  ['tts: repeated param', 'GET', '/v1/google/text-to-speech?text=a&text=b', {}],
  [
    'partnered: no speaker',
    'POST',
    '/v1/game',
    { body: { language: 'English', difficulty: 'beginner', category: 'category_law', speller: uuid } },
  ],
  ['partnered: speaker not an id', 'POST', '/v1/game', { body: 'speaker:7' }],
  ['matching: no body', 'POST', '/v1/matching', {}],
  [
    'matching: bad role',
    'POST',
    '/v1/matching',
    { body: { language: 'English', difficulty: 'beginner', category: 'category_law', role: 'judge' } },
  ],
  [
    'matching: oversized',
    'POST',
    '/v1/matching',
    { body: { language: 'English', difficulty: 'beginner', category: big, role: 'speaker' } },
  ],
  ['matching: no token', 'DELETE', '/v1/matching', { auth: false }],
  ['history: bad page', 'GET', '/v1/history?page=-1', {}],
  ['history: page size too big', 'GET', '/v1/history?pageSize=1000', {}],
  ['history: not a number', 'GET', '/v1/history?page=two', {}],
  ['leaderboard: bad period', 'GET', '/v1/leaderboard?period=forever', {}],
  ['giftcards: no token', 'GET', '/v1/giftcards', { auth: false }],
  ['game count: no id', 'POST', '/v1/user-game-count', { body: {} }],
  ['game count: bad id', 'POST', '/v1/user-game-count', { body: { id: 'me' } }],
  ['ingamecheck: wrong type', 'POST', '/v1/pusher/ingamecheck', { body: { userId: uuid, inGame: 'yes' } }],
  ['ingamecheck: someone else', 'POST', '/v1/pusher/ingamecheck', { body: { userId: uuid, inGame: true } }],
  ['unknown api route', 'GET', '/v1/nothing-here', {}],
];

/** 'field:value' patches a valid solo-game body, so each case breaks exactly one thing */
function bodyFor(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  const i = body.indexOf(':');
  const [key, raw] = [body.slice(0, i), body.slice(i + 1)];
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {}
  return soloGameBody(userId, { [key]: value });
}

describe('bad input', () => {
  it.each(cases)('%s → a clear 4xx, nothing written', async (_name, method, path, c) => {
    const before = await rowCounts();
    const res = await api<{ statusCode: number; error: string; message: string }>(t.url, method, path, {
      ...(c.auth === false ? {} : { token }),
      ...(c.body !== undefined ? { body: bodyFor(c.body) } : {}),
      ...(c.rawBody !== undefined ? { rawBody: c.rawBody } : {}),
      ...(c.headers ? { headers: c.headers } : {}),
    });
    expect(res.status, res.text).toBeGreaterThanOrEqual(400);
    expect(res.status, res.text).toBeLessThan(500);
    expect(res.body.statusCode).toBe(res.status);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(5);
    expect(res.body.message.length).toBeLessThan(300);
    expect(await rowCounts()).toEqual(before);
  });

  it('says which field is wrong', async () => {
    const res = await api<{ message: string }>(t.url, 'POST', '/v1/game', {
      token,
      body: soloGameBody(userId, { difficulty: 'expert' }),
    });
    expect(res.body.message).toMatch(/difficulty/);
  });

  const events: [string, unknown][] = [
    ['subscribe', undefined],
    ['subscribe', { channel: 5 }],
    ['subscribe', { channel: bigField }],
    ['subscribe', 'presence-users'],
    ['unsubscribe', {}],
    ['initiate-handshake', {}],
    ['initiate-handshake', { gameId: 'x' }],
    ['initiate-handshake', { gameId: uuid }],
    ['guess-word', { gameId: uuid }],
    ['guess-word', { gameId: uuid, index: -1, guess: 'a' }],
    ['guess-word', { gameId: uuid, index: 0, guess: bigField }],
    ['guess-word', { gameId: uuid, index: 'zero', guess: 'a' }],
    ['guess-word', { gameId: uuid, index: 0, guess: 'a' }],
    ['timer-sync', { gameId: null }],
    ['initiate-handshake', { gameId: uuid, channel: 'lobby' }],
    ['initiate-handshake', { gameId: uuid, channel: 'results' }],
    ['play-again', {}],
    ['play-again', { gameId: uuid }],
  ];

  it.each(events.map(([e, p]) => [e, JSON.stringify(p)?.slice(0, 60), p] as const))(
    'socket %s %s → an error acknowledgement',
    async (event, _shown, payload) => {
      const socket = await socketFor(t.url, token);
      const before = await rowCounts();
      const a = await ask<{ ok: boolean; error: { code: string; message: string } }>(socket, event, payload);
      expect(a.ok).toBe(false);
      expect(a.error.code).not.toBe('INTERNAL');
      expect(a.error.message.length).toBeGreaterThan(5);
      expect(socket.connected).toBe(true);
      expect(await rowCounts()).toEqual(before);
      socket.disconnect();
    },
  );

  it('drops a client that sends a frame over 64 KB, and only that client', async () => {
    const other = await socketFor(t.url, token);
    const socket = await socketFor(t.url, token);
    const gone = new Promise((resolve) => socket.once('disconnect', resolve));
    socket.emit('subscribe', { channel: big }, () => {});
    await gone;
    expect(await ask(other, 'subscribe', { channel: 'presence-users' })).toMatchObject({ ok: true });
    other.disconnect();
  });

  it('survives events with no acknowledgement and unknown events', async () => {
    const socket = await socketFor(t.url, token);
    const raw = socket as unknown as { emit(event: string, payload: unknown): void };
    raw.emit('guess-word', { nonsense: true });
    raw.emit('no-such-event', 1);
    expect(await ask(socket, 'subscribe', { channel: 'presence-users' })).toMatchObject({ ok: true });
    socket.disconnect();
  });
});
