import { randomInt } from 'node:crypto';
import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_ANSWER } from '../src/auth/recovery-service.ts';
import { login, newAccount, registeredUser } from './accounts.ts';
import { api, guest, startServer, type TestServer, testClock } from './harness.ts';
import { linkIn, type SmtpPeer, startSmtpPeer } from './support/smtp-peer.ts';

// account recovery through a real SMTP server (issue 15 item 6): a forgotten password by a mailed,
// single-use, expiring link, and a change of e-mail confirmed from the new address. neither form
// tells a stranger whether an address has an account

const clock = testClock();
let smtp: SmtpPeer;
let t: TestServer;
/** the same server code with a per-network limit of 6 (the sign-in limits' setting) */
let limited: TestServer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  // requests come "from" several addresses through X-Forwarded-For, so the per-address limits
  // of one test do not meet another's
  t = await startServer({ clock, env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true' } });
  limited = await startServer({
    env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true', LOGIN_MAX_FAILURES_PER_IP: '6' },
  });
});
afterAll(async () => {
  await t?.close();
  await limited?.close();
  await smtp?.close();
});

type ErrorBody = { statusCode: number; message: string; code: string };
// random per run: the PostgreSQL suites share one database, and its counts, across runs
const run = [randomInt(1, 255), randomInt(1, 255)].join('.');
let addresses = 0;
/** a fresh client address for each request (per-address limits) */
const fromNewAddress = () => ({ 'x-forwarded-for': `10.${run}.${++addresses}` });

async function forgot(email: string, headers = fromNewAddress(), url = t.url) {
  return api<{ message: string } & Partial<ErrorBody>>(url, 'POST', '/v1/auth/forgot-password', {
    body: { email },
    headers,
  });
}

async function resetToken(email: string) {
  const mail = await smtp.waitForMail(email);
  expect(mail.subject).toBe('Reset your SaySpell password');
  const link = linkIn(mail, '/reset-password/');
  expect(link.startsWith(`${t.url}/reset-password/`)).toBe(true);
  return link.split('/reset-password/')[1] as string;
}

const reset = (token: string, newPassword: string, headers = fromNewAddress(), url = t.url) =>
  api<LoginAnswer & Partial<ErrorBody>>(url, 'POST', '/v1/auth/reset-password', {
    body: { token, newPassword },
    headers,
  });

describe('forgot password', () => {
  it('mails a link that sets a new password once, signs every other session out and signs this one in', async () => {
    const player = await registeredUser(t.url, smtp);
    const { account } = player;
    const asked = await forgot(account.email.toUpperCase());
    expect(asked.status).toBe(202);
    expect(asked.body.message).toBe(FORGOT_ANSWER);
    const token = await resetToken(account.email);

    // the page asks first whether the link still works; asking spends nothing
    const check = await api(t.url, 'POST', '/v1/auth/reset-link', { body: { token } });
    expect(check.status).toBe(200);
    expect((await api(t.url, 'POST', '/v1/auth/reset-link', { body: { token } })).status).toBe(200);

    const done = await reset(token, 'a brand new secret 7');
    expect(done.status, done.text).toBe(200);
    expect(done.body.user.username).toBe(account.username);
    expect(done.body.token.accessToken).toBeTruthy();

    // the old session is over: its refresh token and its access token no longer work
    const refreshed = await api(t.url, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: player.token.refreshToken },
    });
    expect(refreshed.status).toBe(401);
    const profile = await api(t.url, 'GET', '/v1/users/profile', { token: player.token.accessToken });
    expect(profile.status).toBe(401);
    // the new session works
    const mine = await api(t.url, 'GET', '/v1/users/profile', { token: done.body.token.accessToken });
    expect(mine.status).toBe(200);

    expect((await login(t.url, account.username, account.password)).status).toBe(401);
    expect((await login(t.url, account.username, 'a brand new secret 7')).status).toBe(200);

    // single use
    const again = await reset(token, 'yet another secret 8');
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('LINK_USED');
    expect(again.body.message).toMatch(/already used/);
    const checkAgain = await api<ErrorBody>(t.url, 'POST', '/v1/auth/reset-link', { body: { token } });
    expect(checkAgain.status).toBe(400);
    expect(checkAgain.body.code).toBe('LINK_USED');
  });

  it('answers the same, with the same status, for an unknown address, a guest-free address and a known one; only the known one gets mail', async () => {
    const { account } = await registeredUser(t.url, smtp);
    const unknown = `nobody-${Date.now()}@example.org`;
    const known = await forgot(account.email);
    const stranger = await forgot(unknown);
    expect(stranger.status).toBe(known.status);
    expect(stranger.text).toBe(known.text);
    expect(stranger.headers.get('content-length')).toBe(known.headers.get('content-length'));
    await resetToken(account.email);
    // the stranger's request mailed nobody; the one that follows it is the next mail
    const later = newAccount();
    await forgot(unknown);
    await registeredUser(t.url, smtp, later);
    expect(smtp.mails.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('an expired link is refused with a sentence, and a newer link still works', async () => {
    const { account } = await registeredUser(t.url, smtp);
    await forgot(account.email);
    const old = await resetToken(account.email);
    clock.advance(61 * 60_000);
    const late = await reset(old, 'a brand new secret 7');
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('LINK_EXPIRED');
    expect(late.body.message).toBe('This password reset link has expired. Ask for a new one.');
    await forgot(account.email);
    const fresh = await resetToken(account.email);
    expect((await reset(fresh, 'a brand new secret 7')).status).toBe(200);
  });

  it('using one link ends the others, and a pending e-mail change', async () => {
    const player = await registeredUser(t.url, smtp);
    const { account } = player;
    const moveTo = newAccount().email;
    const change = await api(t.url, 'POST', '/v1/users/change-email', {
      token: player.token.accessToken,
      body: { newEmail: moveTo, password: account.password },
    });
    expect(change.status).toBe(202);
    const changeLink = linkIn(await smtp.waitForMail(moveTo), '/email-change/');
    await forgot(account.email);
    const first = await resetToken(account.email);
    await forgot(account.email);
    const second = await resetToken(account.email);
    expect((await reset(second, 'a brand new secret 7')).status).toBe(200);
    expect((await reset(first, 'another new secret 9')).body.code).toBe('LINK_EXPIRED');
    const confirm = await api<ErrorBody>(t.url, 'POST', '/v1/auth/confirm-email-change', {
      body: { token: changeLink.split('/email-change/')[1] },
    });
    expect(confirm.status).toBe(400);
    expect(confirm.body.code).toBe('LINK_EXPIRED');
  });

  it('sends at most 3 mails to one address per window, with the same answer after', async () => {
    const { account } = await registeredUser(t.url, smtp);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await forgot(account.email));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    for (let i = 0; i < 3; i++) await resetToken(account.email);
    await registeredUser(t.url, smtp); // a later mail: the two refused requests sent nothing
    expect(smtp.mails.filter((m) => m.to.includes(account.email) && /Reset/.test(m.subject))).toHaveLength(3);
  });

  it('limits requests from one network like the rest of sign-in, with a 429 sentence', async () => {
    const headers = fromNewAddress();
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await forgot(`someone${i}@example.org`, headers, limited.url)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429]);
    const refused = await forgot('someone@example.org', headers, limited.url);
    expect(refused.body.message).toMatch(/^Too many password reset requests from your network\. Please wait/);
  });

  it('counts links that do not work per network and refuses past the limit', async () => {
    const headers = fromNewAddress();
    const bad = 'x'.repeat(43);
    const statuses = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await reset(bad, 'a brand new secret 7', headers, limited.url)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429, 429]);
  });

  it('refuses bad bodies with a sentence that says what is wrong', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['/v1/auth/forgot-password', {}, /email is required/],
      ['/v1/auth/forgot-password', { email: 'not-an-address' }, /valid e-mail address/],
      ['/v1/auth/forgot-password', { email: 'a@example.org', extra: 1 }, /extra|unrecognized/i],
      [
        '/v1/auth/reset-password',
        { token: 'short', newPassword: 'long enough 1' },
        /password reset link is not valid/,
      ],
      ['/v1/auth/reset-password', { token: 'x'.repeat(43), newPassword: 'short' }, /at least 8/],
      ['/v1/auth/reset-password', { token: 'x'.repeat(43) }, /password is required/],
      ['/v1/auth/reset-link', { token: 42 }, /token/],
      ['/v1/auth/confirm-email-change', {}, /token is required/],
    ];
    for (const [path, body, message] of cases) {
      const res = await api<ErrorBody>(t.url, 'POST', path, { body, headers: fromNewAddress() });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.message, `${path} ${JSON.stringify(body)}`).toMatch(message);
    }
    const unknownLink = await reset('y'.repeat(43), 'long enough 1');
    expect(unknownLink.body.message).toBe('This password reset link is not valid. Ask for a new one.');
  });
});

describe('change of e-mail', () => {
  it('mails the new address a link; opening it moves the account and tells the old address', async () => {
    const player = await registeredUser(t.url, smtp);
    const { account } = player;
    const moveTo = newAccount('moved').email;
    const asked = await api<{ message: string; pendingEmail: string }>(
      t.url,
      'POST',
      '/v1/users/change-email',
      {
        token: player.token.accessToken,
        body: { newEmail: moveTo.toUpperCase(), password: account.password },
      },
    );
    expect(asked.status).toBe(202);
    expect(asked.body.pendingEmail).toBe(moveTo);
    expect(asked.body.message).toContain(`until then you sign in with ${account.email}`);

    // nothing changes until the link is opened
    expect((await login(t.url, moveTo, account.password)).status).toBe(401);
    const mail = await smtp.waitForMail(moveTo);
    expect(mail.subject).toBe('Confirm your new e-mail for SaySpell');
    const token = linkIn(mail, '/email-change/').split('/email-change/')[1] as string;

    const confirmed = await api<{ email: string; message: string }>(
      t.url,
      'POST',
      '/v1/auth/confirm-email-change',
      {
        body: { token },
      },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.email).toBe(moveTo);

    const notice = await smtp.waitForMail(account.email);
    expect(notice.subject).toBe('Your SaySpell e-mail was changed');
    expect(notice.text).not.toContain(moveTo);
    expect(notice.text).toContain(`@${moveTo.split('@')[1]}`);

    expect((await login(t.url, moveTo, account.password)).status).toBe(200);
    expect((await login(t.url, account.email, account.password)).status).toBe(401);
    const profile = await api<{ email: string; emailVerified: boolean }>(t.url, 'GET', '/v1/users/profile', {
      token: player.token.accessToken,
    });
    expect(profile.body).toMatchObject({ email: moveTo, emailVerified: true });

    // a reset now goes to the new address
    await forgot(moveTo);
    await resetToken(moveTo);
    const twice = await api<ErrorBody>(t.url, 'POST', '/v1/auth/confirm-email-change', { body: { token } });
    expect(twice.body.code).toBe('LINK_USED');
  });

  it('does not tell the asker that the new address has an account; that address is told instead', async () => {
    const player = await registeredUser(t.url, smtp);
    const other = await registeredUser(t.url, smtp);
    const free = newAccount().email;
    const toTaken = await api<{ message: string }>(t.url, 'POST', '/v1/users/change-email', {
      token: player.token.accessToken,
      body: { newEmail: other.account.email, password: player.account.password },
    });
    const toFree = await api<{ message: string }>(t.url, 'POST', '/v1/users/change-email', {
      token: player.token.accessToken,
      body: { newEmail: free, password: player.account.password },
    });
    expect(toTaken.status).toBe(202);
    expect(toFree.status).toBe(202);
    expect(toTaken.body.message.replace(other.account.email, 'X')).toBe(
      toFree.body.message.replace(free, 'X'),
    );
    const notice = await smtp.waitForMail(other.account.email);
    expect(notice.text).toContain('already has a SaySpell account');
    expect(`${notice.text}${notice.html}`).not.toMatch(/email-change\//);
    expect(linkIn(await smtp.waitForMail(free), '/email-change/')).toBeTruthy();
    // the other account is untouched
    expect((await login(t.url, other.account.email, other.account.password)).status).toBe(200);
  });

  it('needs the password, a registered account, and a different address; wrong passwords are limited', async () => {
    const player = await registeredUser(t.url, smtp);
    const auth = { token: player.token.accessToken };
    const wrong = await api<ErrorBody>(t.url, 'POST', '/v1/users/change-email', {
      ...auth,
      body: { newEmail: newAccount().email, password: 'not my password' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('Your password is not right, so your e-mail was not changed.');
    const same = await api<ErrorBody>(t.url, 'POST', '/v1/users/change-email', {
      ...auth,
      body: { newEmail: player.account.email, password: player.account.password },
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('That is already your e-mail address.');
    const missing = await api<ErrorBody>(t.url, 'POST', '/v1/users/change-email', {
      ...auth,
      body: { newEmail: newAccount().email },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Enter your password to change your e-mail/);
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await api(t.url, 'POST', '/v1/users/change-email', {
        ...auth,
        body: { newEmail: newAccount().email, password: `guess ${i}` },
      });
      statuses.push(res.status);
    }
    // 5 attempts per window in all: two above, then three guesses, then refused
    expect(statuses).toEqual([403, 403, 403, 429]);

    const visitor = await guest(t.url);
    const byGuest = await api<ErrorBody>(t.url, 'POST', '/v1/users/change-email', {
      token: visitor.token.accessToken,
      body: { newEmail: newAccount().email, password: 'whatever it is' },
    });
    expect(byGuest.status).toBe(403);
    const anonymous = await api(t.url, 'POST', '/v1/users/change-email', {
      body: { newEmail: newAccount().email, password: 'whatever it is' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('a new password cancels an e-mail change asked for with the old one', async () => {
    const player = await registeredUser(t.url, smtp);
    const moveTo = newAccount().email;
    await api(t.url, 'POST', '/v1/users/change-email', {
      token: player.token.accessToken,
      body: { newEmail: moveTo, password: player.account.password },
    });
    const token = linkIn(await smtp.waitForMail(moveTo), '/email-change/').split('/email-change/')[1];
    const changed = await api(t.url, 'POST', '/v1/users/change-password', {
      token: player.token.accessToken,
      body: { currentPassword: player.account.password, newPassword: 'a brand new secret 7' },
    });
    expect(changed.status).toBe(200);
    const res = await api<ErrorBody>(t.url, 'POST', '/v1/auth/confirm-email-change', { body: { token } });
    expect(res.body.code).toBe('LINK_EXPIRED');
    expect((await login(t.url, player.account.email, 'a brand new secret 7')).status).toBe(200);
  });

  it('refuses the link when the address was taken by another account in the meantime', async () => {
    const player = await registeredUser(t.url, smtp);
    const wanted = newAccount();
    await api(t.url, 'POST', '/v1/users/change-email', {
      token: player.token.accessToken,
      body: { newEmail: wanted.email, password: player.account.password },
    });
    const token = linkIn(await smtp.waitForMail(wanted.email), '/email-change/').split('/email-change/')[1];
    await registeredUser(t.url, smtp, wanted);
    const res = await api<ErrorBody>(t.url, 'POST', '/v1/auth/confirm-email-change', { body: { token } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'This address now belongs to another account, so your e-mail was not changed.',
    );
    expect((await login(t.url, player.account.email, player.account.password)).status).toBe(200);
  });
});
