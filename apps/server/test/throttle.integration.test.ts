import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrottle } from '../src/auth/throttle.ts';
import { login, registeredUser } from './accounts.ts';
import { api, startServer, type TestServer } from './harness.ts';
import { type SmtpPeer, startSmtpPeer } from './support/smtp-peer.ts';

// throttles count and decide in one statement, so concurrent calls cannot slip past a limit;
// failed sign-ins lock out an (account, address) pair, never the account for everybody

let smtp: SmtpPeer;
let t: TestServer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  // the sign-in tests come "from" several addresses through X-Forwarded-For
  t = await startServer({ env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true', LOGIN_MAX_FAILURES: '10' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const from = (address: string) => ({ 'x-forwarded-for': address });
const signIn = (username: string, password: string, address: string) =>
  api<{ code?: string }>(t.url, 'POST', '/v1/auth/login', {
    body: { strategy: 'local', username, password },
    headers: from(address),
  });

describe('atomic counting', () => {
  it('lets exactly the limit through when 40 calls arrive at once', async () => {
    const throttle = createThrottle(t.server.database.db, { now: Date.now }, 60_000);
    const key = `test:${randomUUID()}`;
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => throttle.take(key, 20, 'tries')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    expect(await throttle.peek(key)).toBe(40);
  });

  it('lets at most 10 of 40 concurrent wrong passwords reach the password check', async () => {
    const { account } = await registeredUser(t.url, smtp);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(account.username, `wrong ${i}`, '192.0.2.40')),
    );
    const checked = answers.filter((a) => a.status === 401);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(40 - checked.length);
  });
});

describe('a stranger cannot lock a player out', () => {
  it('locks the stranger’s address, and the owner signs in from theirs', async () => {
    const { account } = await registeredUser(t.url, smtp);
    const stranger: number[] = [];
    for (let i = 0; i < 12; i++)
      stranger.push((await signIn(account.username, `guess ${i}`, '203.0.113.7')).status);
    expect(stranger.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(stranger.slice(10)).toEqual([429, 429]);
    // even the right password is refused from the stranger's address
    expect((await signIn(account.username, account.password, '203.0.113.7')).status).toBe(429);

    const owner = await signIn(account.username, account.password, '198.51.100.9');
    expect(owner.status).toBe(200);
  });

  it('slows a brute force spread over many addresses to one attempt at a time', async () => {
    const { account } = await registeredUser(t.url, smtp);
    for (const address of ['203.0.113.1', '203.0.113.2']) {
      for (let i = 0; i < 10; i++) await signIn(account.username, `spread ${i}`, address);
    }
    // past the limit across addresses: of 10 parallel tries from fresh addresses, one is checked
    const began = Date.now();
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signIn(account.username, `burst ${i}`, `203.0.113.${100 + i}`)),
    );
    const checked = burst.filter((a) => a.status === 401).length;
    // one attempt per 2 s window: a slow machine may take the burst across a window's end
    expect(checked).toBeLessThanOrEqual(1 + Math.floor((Date.now() - began) / 2000));
    expect(burst.filter((a) => a.status === 429)).toHaveLength(10 - checked);
    // the owner waits out the back-off and gets in with the right password
    await expect
      .poll(async () => (await signIn(account.username, account.password, '198.51.100.10')).status, {
        timeout: 10_000,
        interval: 500,
      })
      .toBe(200);
    // and the account's count starts again
    expect((await login(t.url, account.username, 'wrong again')).status).toBe(401);
  });
});
