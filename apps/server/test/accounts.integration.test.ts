import type { LoginAnswer, UserView } from '@sayspell/core/protocol/auth';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, newAccount, registeredUser, verificationToken } from './accounts.ts';
import { api, guest, onPostgres, soloGameBody, startServer, type TestServer, testClock } from './harness.ts';
import { type SmtpPeer, startSmtpPeer } from './support/smtp-peer.ts';

// unique per run: the PostgreSQL suites share one database
const BOSS_EMAIL = `boss-${Date.now().toString(36)}@example.org`;

// local accounts end to end through a real SMTP server: register, the mail, verify, sign in

const JWT_SECRET = 'accounts-test-secret-0123456789abcdef-xyz';
const clock = testClock();
let smtp: SmtpPeer;
let t: TestServer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startServer({
    clock,
    env: {
      SMTP_URL: smtp.url,
      JWT_SECRET,
      ADMIN_EMAILS: BOSS_EMAIL,
      LOGIN_MAX_FAILURES: '10',
      LOGIN_WINDOW_SECONDS: '900',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type ErrorBody = { statusCode: number; message: string; code: string };

describe('registration and e-mail verification', () => {
  it('registers, mails a link to this server, verifies once, then signs in by username or e-mail', async () => {
    const a = newAccount();
    const reg = await api<{ message: string; email: string }>(t.url, 'POST', '/v1/auth/register', {
      body: { ...a, email: a.email.toUpperCase(), name: 'Ada' },
    });
    expect(reg.status).toBe(201);
    expect(reg.body.email).toBe(a.email);

    const mail = await smtp.waitForMail(a.email);
    expect(mail.subject).toMatch(/verify/i);
    expect(mail.text).toContain(`${t.url}/email-verification/`);

    // not yet verified: the right password is not enough
    const early = await login(t.url, a.username, a.password);
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('EMAIL_NOT_VERIFIED');

    const token = mail.text.split('/email-verification/')[1]?.split(/\s/)[0] as string;
    const ok = await api(t.url, 'POST', '/v1/auth/verify-email', { body: { token } });
    expect(ok.status).toBe(200);
    const again = await api<ErrorBody>(t.url, 'POST', '/v1/auth/verify-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('LINK_USED');

    for (const id of [a.username, a.username.toUpperCase(), a.email, ` ${a.email.toUpperCase()} `]) {
      const res = await login(t.url, id, a.password);
      expect(res.status, id).toBe(200);
      expect(res.body.user).toMatchObject({
        username: a.username,
        name: 'Ada',
        role: 'user',
        email: a.email,
        emailVerified: true,
        provider: 'local',
        needsDemographic: true,
        hasConfirmedEULA: false,
      });
    }
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const { account } = await registeredUser(t.url, smtp);
    const wrong = await login(t.url, account.username, 'not the password');
    const unknown = await login(t.url, 'nobody-here', 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.body.message).toBe('The e-mail/username or password is not right.');
  });

  it('refuses a taken username (in any case) or e-mail with 409 and writes nothing', async () => {
    const { account } = await registeredUser(t.url, smtp);
    const other = newAccount();
    const sameName = await api<ErrorBody>(t.url, 'POST', '/v1/auth/register', {
      body: { ...other, username: account.username.toUpperCase() },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.code).toBe('USERNAME_TAKEN');
    const sameMail = await api<ErrorBody>(t.url, 'POST', '/v1/auth/register', {
      body: { ...other, email: account.email },
    });
    expect(sameMail.status).toBe(409);
    expect(sameMail.body.code).toBe('EMAIL_TAKEN');
    // the other account was not created by either attempt
    expect((await login(t.url, other.username, other.password)).status).toBe(401);
  });

  it('checks the fields with messages a person understands', async () => {
    const a = newAccount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...a, username: 'ab' }, /username has 3 to 20/],
      [{ ...a, username: 'has space' }, /username/],
      [{ ...a, email: 'not-an-email' }, /valid e-mail/],
      [{ ...a, password: 'short' }, /at least 8/],
      [{ ...a, password: '         ' }, /only spaces/],
      [{ ...a, password: 'x'.repeat(129) }, /at most 128/],
      [{ ...a, role: 'admin' }, /role|unrecognized|unknown/i],
      [{ username: a.username }, /email|password/i],
    ];
    for (const [body, message] of cases) {
      const res = await api<ErrorBody>(t.url, 'POST', '/v1/auth/register', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });

  it('resends a link, answers the same for unknown addresses, and lets an expired link fail', async () => {
    const a = newAccount();
    await api(t.url, 'POST', '/v1/auth/register', { body: a });
    const first = await verificationToken(smtp, a.email);

    const unknown = await api<{ message: string }>(t.url, 'POST', '/v1/auth/resend-verification', {
      body: { email: 'nobody@example.org' },
    });
    const known = await api<{ message: string }>(t.url, 'POST', '/v1/auth/resend-verification', {
      body: { email: a.email },
    });
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(known.body.message).toBe(unknown.body.message);
    const second = await verificationToken(smtp, a.email);
    expect(second).not.toBe(first);

    clock.advance(25 * 3600 * 1000);
    try {
      const expired = await api<ErrorBody>(t.url, 'POST', '/v1/auth/verify-email', {
        body: { token: second },
      });
      expect(expired.status).toBe(400);
      expect(expired.body.code).toBe('LINK_EXPIRED');
    } finally {
      clock.advance(-25 * 3600 * 1000);
    }
    const bogus = await api<ErrorBody>(t.url, 'POST', '/v1/auth/verify-email', {
      body: { token: 'x'.repeat(43) },
    });
    expect(bogus.body.code).toBe('LINK_INVALID');
  });

  it('makes a configured admin address an admin once it is verified', async () => {
    const boss = await registeredUser(t.url, smtp, { ...newAccount('boss'), email: BOSS_EMAIL });
    expect(boss.user.role).toBe('admin');
  });
});

describe('sign-in throttling', () => {
  it('refuses after too many wrong passwords, even the right one, until the window has passed', async () => {
    const { account } = await registeredUser(t.url, smtp);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await login(t.url, account.email, `wrong ${i}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);

    const blocked = await login(t.url, account.username, account.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed sign-ins.*wait \d+ minute/);

    // another account from the same address is not locked out
    const other = await registeredUser(t.url, smtp);
    expect(other.user.username).toBe(other.account.username);

    clock.advance(15 * 60 * 1000 + 1000);
    try {
      const after = await login(t.url, account.username, account.password);
      expect(after.status).toBe(200);
    } finally {
      clock.advance(-(15 * 60 * 1000 + 1000));
    }
  });
});

describe.skipIf(onPostgres)('sign-in throttling per address', () => {
  it('refuses every sign-in from an address after too many failures across accounts', async () => {
    const own = await startServer({
      clock,
      env: { SMTP_URL: smtp.url, LOGIN_MAX_FAILURES_PER_IP: '3', LOGIN_MAX_FAILURES: '100' },
    });
    try {
      const [a, b] = [await registeredUser(own.url, smtp), await registeredUser(own.url, smtp)];
      const statuses = [];
      // three wrong passwords spread over two accounts: no account is near its own limit
      for (const who of [a, b, a]) statuses.push((await login(own.url, who.account.email, 'wrong')).status);
      expect(statuses).toEqual([401, 401, 401]);
      const blocked = await login(own.url, b.account.username, b.account.password);
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/failed sign-ins from your network/);
      clock.advance(15 * 60 * 1000 + 1000);
      try {
        expect((await login(own.url, b.account.username, b.account.password)).status).toBe(200);
      } finally {
        clock.advance(-(15 * 60 * 1000 + 1000));
      }
    } finally {
      await own.close();
    }
  });
});

describe.skipIf(onPostgres)('registration throttling', () => {
  it('limits new accounts per address', async () => {
    const own = await startServer({ env: { SMTP_URL: smtp.url, REGISTER_MAX_PER_IP: '2' } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await api(own.url, 'POST', '/v1/auth/register', { body: newAccount('lim') })).status);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await own.close();
    }
  });
});

describe('tokens', () => {
  it('rotates refresh tokens and revokes the family when an old one is used again', async () => {
    const first = await registeredUser(t.url, smtp);
    const r1 = await api<LoginAnswer>(t.url, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: first.token.refreshToken },
    });
    expect(r1.status).toBe(200);
    expect(r1.body.token.refreshToken).not.toBe(first.token.refreshToken);
    expect(r1.body.user.role).toBe('user');

    const reuse = await api(t.url, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: first.token.refreshToken },
    });
    expect(reuse.status).toBe(401);
    // the thief's reuse also ended the session that had the newer token
    const victim = await api(t.url, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: r1.body.token.refreshToken },
    });
    expect(victim.status).toBe(401);
  });

  it('refuses an expired access token and one signed with another key', async () => {
    const { user, token } = await registeredUser(t.url, smtp);
    // the session a real token names (its refresh-token family)
    const { sid } = JSON.parse(
      Buffer.from(token.accessToken.split('.')[1] as string, 'base64url').toString(),
    );
    const sign = (secret: string, exp: number) =>
      new SignJWT({ role: 'user', sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user._id)
        .setIssuer('sayspell')
        .setIssuedAt(exp - 900)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    const valid = await api(t.url, 'GET', '/v1/users/profile', { token: await sign(JWT_SECRET, now + 60) });
    expect(valid.status).toBe(200);
    const expired = await api<ErrorBody>(t.url, 'GET', '/v1/users/profile', {
      token: await sign(JWT_SECRET, now - 5),
    });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/expired|sign in/i);
    const forged = await api(t.url, 'GET', '/v1/users/profile', {
      token: await sign('another-secret-0123456789abcdef-0123456', now + 60),
    });
    expect(forged.status).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const s = await registeredUser(t.url, smtp);
    const out = await api(t.url, 'POST', '/api/auth/logout', {
      body: { refreshToken: s.token.refreshToken },
    });
    expect(out.status).toBe(204);
    const after = await api(t.url, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: s.token.refreshToken },
    });
    expect(after.status).toBe(401);
  });
});

describe('a guest who signs up', () => {
  it('keeps their games: the account takes over the guest', async () => {
    const g = await guest(t.url);
    const game = await api<{ _id: string }>(t.url, 'POST', '/v1/game', {
      token: g.token.accessToken,
      body: soloGameBody(g.user._id),
    });
    expect(game.status).toBe(200);
    const claim = await api<{ guestClaim: string }>(t.url, 'POST', '/v1/auth/guest-claim', {
      token: g.token.accessToken,
    });
    expect(claim.status).toBe(200);
    await api(t.url, 'POST', '/api/auth/logout', { body: { refreshToken: g.token.refreshToken } });

    const s = await registeredUser(t.url, smtp, newAccount(), { guestClaim: claim.body.guestClaim });
    expect(s.user._id).toBe(g.user._id);
    expect(s.user.role).toBe('user');
    const loaded = await api<{ data: { _id: string } }>(t.url, 'GET', `/v1/game/${game.body._id}`, {
      token: s.token.accessToken,
    });
    expect(loaded.status).toBe(200);

    // a ticket works once: the row is no longer a guest
    const reuse = await api(t.url, 'POST', '/v1/auth/register', {
      body: { ...newAccount(), guestClaim: claim.body.guestClaim },
    });
    expect(reuse.status).toBe(201);
    const registeredClaim = await api<ErrorBody>(t.url, 'POST', '/v1/auth/guest-claim', {
      token: s.token.accessToken,
    });
    expect(registeredClaim.status).toBe(403);
  });
});

describe('profile, password, settings, EULA, demographics, deletion', () => {
  it('changes the name and username; a taken username is refused', async () => {
    const a = await registeredUser(t.url, smtp);
    const b = await registeredUser(t.url, smtp);
    const patch = await api<UserView>(t.url, 'PATCH', '/v1/users/profile', {
      token: a.token.accessToken,
      body: { name: 'Grace Hopper', username: `${a.account.username}x` },
    });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ name: 'Grace Hopper', username: `${a.account.username}x` });
    const taken = await api<ErrorBody>(t.url, 'PATCH', '/v1/users/profile', {
      token: a.token.accessToken,
      body: { username: b.account.username.toUpperCase() },
    });
    expect(taken.status).toBe(409);
    const empty = await api(t.url, 'PATCH', '/v1/users/profile', { token: a.token.accessToken, body: {} });
    expect(empty.status).toBe(400);
  });

  it('changes the password: the old one stops working and other sessions end', async () => {
    const s = await registeredUser(t.url, smtp);
    const other = await login(t.url, s.account.username, s.account.password);
    const wrong = await api<ErrorBody>(t.url, 'POST', '/v1/users/change-password', {
      token: s.token.accessToken,
      body: { currentPassword: 'nope nope', newPassword: 'a brand new secret' },
    });
    expect(wrong.status).toBe(403);
    const changed = await api<LoginAnswer>(t.url, 'POST', '/v1/users/change-password', {
      token: s.token.accessToken,
      body: { currentPassword: s.account.password, newPassword: 'a brand new secret' },
    });
    expect(changed.status).toBe(200);
    expect((await login(t.url, s.account.username, s.account.password)).status).toBe(401);
    expect((await login(t.url, s.account.username, 'a brand new secret')).status).toBe(200);
    const ended = await api(t.url, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: other.body.token.refreshToken },
    });
    expect(ended.status).toBe(401);
    const kept = await api(t.url, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: changed.body.token.refreshToken },
    });
    expect(kept.status).toBe(200);
  });

  it('keeps settings, confirms the EULA for oneself only, and validates demographics', async () => {
    const s = await registeredUser(t.url, smtp);
    const auth = { token: s.token.accessToken };
    const defaults = await api(t.url, 'GET', '/v1/users/settings', auth);
    expect(defaults.body).toEqual({
      language: 'English',
      category: 'category_random',
      difficulty: 'beginner',
      mode: 'solo',
      role: 'either',
    });
    const saved = await api(t.url, 'PUT', '/v1/users/settings', {
      ...auth,
      body: {
        language: 'English',
        category: 'category_animals',
        difficulty: 'advanced',
        mode: 'multi',
        role: 'speaker',
      },
    });
    expect(saved.status).toBe(200);
    expect((await api(t.url, 'GET', '/v1/users/settings', auth)).body).toMatchObject({
      difficulty: 'advanced',
    });
    const bad = await api(t.url, 'PUT', '/v1/users/settings', { ...auth, body: { difficulty: 'expert' } });
    expect(bad.status).toBe(400);

    const other = await registeredUser(t.url, smtp);
    const forOther = await api(t.url, 'POST', '/v1/users/confirm-eula', {
      ...auth,
      body: { userId: other.user._id },
    });
    expect(forOther.status).toBe(403);
    const eula = await api(t.url, 'POST', '/v1/users/confirm-eula', {
      ...auth,
      body: { userId: s.user._id },
    });
    expect(eula.body).toEqual({ hasConfirmedEULA: true });

    const good = {
      gender: 'female',
      dob: '1990-04-01',
      country: { name: 'France', code: 'fr' },
      education: "Master's Degree",
    };
    const tomorrow = new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);
    for (const body of [
      { ...good, dob: tomorrow },
      { ...good, dob: '1990-02-30' },
      { ...good, country: { name: 'Atlantis', code: 'QQ' } },
      { ...good, gender: 'robot' },
      { ...good, education: 'some' },
      { gender: 'female' },
    ]) {
      const res = await api(t.url, 'POST', '/v1/users/demographics', { ...auth, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const demo = await api<UserView>(t.url, 'POST', '/v1/users/demographics', { ...auth, body: good });
    expect(demo.status).toBe(200);
    expect(demo.body.needsDemographic).toBe(false);
    expect(demo.body.demographic).toMatchObject({ country: { code: 'FR', name: 'France' } });
    const profile = await api<UserView>(t.url, 'GET', '/v1/users/profile', auth);
    expect(profile.body).toMatchObject({ hasConfirmedEULA: true, needsDemographic: false });
  });

  it('deletes an account: it cannot sign in, its name is gone, its games stay', async () => {
    const s = await registeredUser(t.url, smtp);
    const auth = { token: s.token.accessToken };
    const game = await api<{ _id: string }>(t.url, 'POST', '/v1/game', {
      ...auth,
      body: soloGameBody(s.user._id),
    });
    expect(game.status).toBe(200);
    const noProof = await api(t.url, 'DELETE', '/v1/users/profile', {
      ...auth,
      body: { password: 'wrong one!' },
    });
    expect(noProof.status).toBe(403);
    const del = await api(t.url, 'DELETE', '/v1/users/profile', {
      ...auth,
      body: { password: s.account.password },
    });
    expect(del.status).toBe(204);
    expect((await login(t.url, s.account.email, s.account.password)).status).toBe(401);
    expect(
      (await api(t.url, 'POST', '/v1/auth/refresh', { body: { refreshToken: s.token.refreshToken } })).status,
    ).toBe(401);
    // the address and the username are free again
    const again = await registeredUser(t.url, smtp, s.account);
    expect(again.user._id).not.toBe(s.user._id);
    const rows = await t.server.database.db.query.games.findFirst({
      where: (g, { eq }) => eq(g.id, game.body._id),
    });
    expect(rows?.spellerId).toBe(s.user._id);
  });
});
