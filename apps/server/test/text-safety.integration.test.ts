import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser } from './accounts.ts';
import { api, ask, guest, serverPool, socketFor, type TestServer } from './harness.ts';
import { type SmtpPeer, startSmtpPeer } from './support/smtp-peer.ts';

// a NUL byte answered 500 wherever text is stored; names and messages are now refused with a
// sentence when they hold control characters, right-to-left overrides, only invisible characters,
// or (names) letters that pass for Latin ones

let smtp: SmtpPeer;
let t: TestServer;
const start = serverPool();

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await start({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await smtp?.close();
});

type ErrorBody = { statusCode: number; message: string };
const NUL = 'x\u0000y';

describe('a NUL byte', () => {
  it('is refused with 400 and a sentence by every route that stores text', async () => {
    const [a, b] = [await registeredUser(t.url, smtp), await registeredUser(t.url, smtp)];
    const token = a.token.accessToken;
    const me = a.user._id;
    const calls: [string, string, unknown][] = [
      ['POST', '/v1/send-chat', { fromId: me, toId: b.user._id, message: NUL }],
      ['PATCH', '/v1/users/profile', { name: NUL }],
      ['POST', '/v1/feedback', { subject: 'Hi', message: NUL, user: me }],
      ['POST', '/v1/report-user', { userReported: b.user._id, message: NUL, user: me }],
      ['POST', '/v1/flag-content', { content: NUL, user: me }],
    ];
    for (const [method, path, body] of calls) {
      const res = await api<ErrorBody>(t.url, method, path, { token, body });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(400);
      expect(res.body.message, path).toMatch(/cannot contain control characters/);
    }
    const login = await api<ErrorBody>(t.url, 'POST', '/v1/auth/login', {
      body: { strategy: 'local', username: `a${NUL}`, password: 'whatever 123' },
    });
    expect(login.status).toBe(400);
    expect(login.body.message).toBe('username: The e-mail or username cannot contain control characters.');
  });

  it('is refused in an invite topic over the socket', async () => {
    const [a, b] = [await guest(t.url), await guest(t.url)];
    const socket = await socketFor(t.url, a.token.accessToken);
    const answer = await ask<{ ok: boolean; error?: { code: string; message: string } }>(socket, 'invite', {
      to: b.user._id,
      settings: {
        language: 'English',
        difficulty: 'beginner',
        category: 'custom',
        gameTimer: '90',
        role: 'speaker',
        topic: NUL,
      },
    });
    expect(answer.error?.code).toBe('VALIDATION');
    expect(answer.error?.message).toMatch(/The topic cannot contain control characters/);
    socket.close();
  });
});

describe('names and messages that pass for something else', () => {
  it('refuses a right-to-left override, a look-alike and an invisible name, and an invisible message', async () => {
    const [a, b] = [await registeredUser(t.url, smtp), await registeredUser(t.url, smtp)];
    const token = a.token.accessToken;
    const rename = (name: string) =>
      api<ErrorBody>(t.url, 'PATCH', '/v1/users/profile', { token, body: { name } });
    expect((await rename('Bob\u202Enimda')).body.message).toBe(
      'name: A name cannot contain right-to-left override characters.',
    );
    // a Cyrillic "А" in front of Latin letters
    expect((await rename('\u0410dmin')).body.message).toBe(
      'name: A name cannot mix Latin letters with look-alike Cyrillic or Greek ones.',
    );
    expect((await rename('\u200B\u200B')).status).toBe(400);
    expect((await rename('José Müller')).status).toBe(200);
    const chat = await api<ErrorBody>(t.url, 'POST', '/v1/send-chat', {
      token,
      body: { fromId: a.user._id, toId: b.user._id, message: '\u200B\u2060\u200B' },
    });
    expect(chat.status).toBe(400);
    expect(chat.body.message).toBe('message: A message cannot be only invisible characters.');
  });
});
