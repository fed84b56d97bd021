import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser } from './accounts.ts';
import {
  api,
  type ClientSocket,
  guest,
  onPostgres,
  serverPool,
  socketFor,
  soloGameBody,
  startServer,
  type TestServer,
  testClock,
} from './harness.ts';
import { askAs, partneredGame, startTogether } from './partnered.ts';
import { type SmtpPeer, startSmtpPeer } from './support/smtp-peer.ts';

// a token proves who signed in, not what they may do now: a demoted or removed admin, a removed
// or deleted account, a changed password and a logout take effect on the next request and on open
// sockets; an expired token closes its socket, and the client comes back with a fresh one

// unique per run: the PostgreSQL suites share one database
const STAMP = Date.now().toString(36);
const BOSSES = [1, 2, 3].map((i) => `revoke-boss${i}-${STAMP}@example.org`);
const ADMIN_EMAILS = BOSSES.join(',');

let smtp: SmtpPeer;
let t: TestServer;
const start = serverPool();

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await start({ env: { SMTP_URL: smtp.url, ADMIN_EMAILS } });
});
afterAll(async () => {
  await smtp?.close();
});

type Answer = { code?: string; message?: string; users?: unknown[] };
const bearer = (login: LoginAnswer) => login.token.accessToken;
const setRole = (url: string, by: LoginAnswer, id: string, role: 'user' | 'admin') =>
  api<Answer>(url, 'POST', `/v1/admin/users/${id}/role`, { token: bearer(by), body: { role } });
const setRemoved = (url: string, by: LoginAnswer, id: string, removed: boolean) =>
  api<Answer>(url, 'POST', `/v1/admin/users/${id}/remove`, { token: bearer(by), body: { removed } });
const adminList = (url: string, as: LoginAnswer) =>
  api<Answer>(url, 'GET', '/v1/admin/users', { token: bearer(as) });

function disconnected(socket: ClientSocket) {
  return new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

describe('admin role and removal', () => {
  it('a demoted admin loses the admin routes on the next request, with the same token', async () => {
    const boss = await registeredUser(t.url, smtp, newBoss());
    const deputy = await registeredUser(t.url, smtp);
    expect((await setRole(t.url, boss, deputy.user._id, 'admin')).status).toBe(200);
    expect((await adminList(t.url, deputy)).status).toBe(200);

    expect((await setRole(t.url, boss, deputy.user._id, 'user')).status).toBe(200);
    const after = await adminList(t.url, deputy);
    expect(after.status).toBe(403);
    // and it cannot promote itself back
    expect((await setRole(t.url, deputy, deputy.user._id, 'admin')).status).toBe(403);
  });

  it('a removed admin can neither promote a puppet nor remove the admin who removed it', async () => {
    const boss = await registeredUser(t.url, smtp, newBoss());
    const rogue = await registeredUser(t.url, smtp);
    const puppet = await registeredUser(t.url, smtp);
    await setRole(t.url, boss, rogue.user._id, 'admin');
    const socket = await socketFor(t.url, bearer(rogue));
    const closed = disconnected(socket);

    expect((await setRemoved(t.url, boss, rogue.user._id, true)).status).toBe(200);
    const promote = await setRole(t.url, rogue, puppet.user._id, 'admin');
    expect(promote.status).toBe(403);
    expect(promote.body.code).toBe('ACCOUNT_REMOVED');
    expect((await setRemoved(t.url, rogue, boss.user._id, true)).status).toBe(403);
    // its open socket is closed, and it cannot come back
    expect(await closed).toBe('transport close');
    await expect(socketFor(t.url, bearer(rogue))).rejects.toThrow('unauthorized');
  });
});

describe('ended sessions', () => {
  it('a password change ends the other sessions on REST and on their sockets; the new one works', async () => {
    const me = await registeredUser(t.url, smtp);
    const other = await api<LoginAnswer>(t.url, 'POST', '/v1/auth/login', {
      body: { strategy: 'local', username: me.account.username, password: me.account.password },
    });
    const otherSocket = await socketFor(t.url, bearer(other.body));
    const closed = disconnected(otherSocket);
    const changed = await api<LoginAnswer>(t.url, 'POST', '/v1/users/change-password', {
      token: bearer(me),
      body: { currentPassword: me.account.password, newPassword: 'a brand new password 7' },
    });
    expect(changed.status).toBe(200);
    expect((await api(t.url, 'GET', '/v1/users/profile', { token: bearer(other.body) })).status).toBe(401);
    expect((await api(t.url, 'GET', '/v1/users/profile', { token: bearer(me) })).status).toBe(401);
    expect((await api(t.url, 'GET', '/v1/users/profile', { token: bearer(changed.body) })).status).toBe(200);
    expect(await closed).toBe('transport close');
  });

  it('a logout ends that session’s access token and socket, and no other', async () => {
    const a = await guest(t.url);
    const socket = await socketFor(t.url, bearer(a));
    const closed = disconnected(socket);
    const out = await api(t.url, 'POST', '/api/auth/logout', {
      body: { refreshToken: a.token.refreshToken },
    });
    expect(out.status).toBe(204);
    const refused = await api<Answer>(t.url, 'POST', '/v1/game', {
      token: bearer(a),
      body: soloGameBody(a.user._id),
    });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Your session has ended. Please sign in again.');
    expect(await closed).toBe('transport close');

    const b = await guest(t.url);
    expect((await api(t.url, 'GET', '/v1/users/profile', { token: bearer(b) })).status).toBe(200);
  });

  it('a deleted account’s token creates no game and its socket is closed', async () => {
    const me = await registeredUser(t.url, smtp);
    const socket = await socketFor(t.url, bearer(me));
    const closed = disconnected(socket);
    const gone = await api(t.url, 'DELETE', '/v1/users/profile', {
      token: bearer(me),
      body: { password: me.account.password },
    });
    expect(gone.status).toBe(204);
    const game = await api(t.url, 'POST', '/v1/game', { token: bearer(me), body: soloGameBody(me.user._id) });
    expect(game.status).toBe(401);
    expect(await closed).toBe('transport close');
  });

  it('refuses events on a socket whose session ended, even before it is closed', async () => {
    const a = await guest(t.url);
    const socket = await socketFor(t.url, bearer(a));
    // a second tab of the same session: the logout reaches both
    const twin = await socketFor(t.url, bearer(a));
    await api(t.url, 'POST', '/api/auth/logout', { body: { refreshToken: a.token.refreshToken } });
    const answers = await Promise.all(
      [socket, twin].map((s) =>
        (s.timeout(5000) as unknown as { emitWithAck(e: string, p: unknown): Promise<{ ok: boolean }> })
          .emitWithAck('subscribe', { channel: 'presence-users' })
          .catch(() => ({ ok: false })),
      ),
    );
    expect(answers.every((x) => !x.ok)).toBe(true);
  });
});

describe('the Authorization header', () => {
  it('takes the bearer scheme in any case', async () => {
    const a = await guest(t.url);
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await api(t.url, 'GET', '/v1/users/profile', {
        headers: { authorization: `${scheme} ${bearer(a)}` },
      });
      expect(res.status, scheme).toBe(200);
    }
    const basic = await api<Answer>(t.url, 'GET', '/v1/users/profile', {
      headers: { authorization: `Basic ${bearer(a)}` },
    });
    expect(basic.status).toBe(401);
  });
});

/** a client that renews its token when the server refuses it, as the web app does */
async function renewingPlayer(url: string) {
  const login = await guest(url);
  let token = login.token.accessToken;
  let refreshToken = login.token.refreshToken;
  const socket: ClientSocket = connect(url, {
    auth: (cb) => cb({ token }),
    transports: ['websocket'],
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
    forceNew: true,
  });
  socket.on('connect_error', async (err) => {
    if (err.message !== 'unauthorized') return;
    const renewed = await api<LoginAnswer>(url, 'POST', '/v1/auth/refresh', { body: { refreshToken } });
    token = renewed.body.token.accessToken;
    refreshToken = renewed.body.token.refreshToken;
    socket.connect();
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const received: string[] = [];
  socket.onAny((event, ...args) => received.push(`${event} ${JSON.stringify(args)}`));
  const p = { login, socket, received, game: undefined as string | undefined };
  // back on the game at once, as the game screen does on every connect
  socket.on('connect', () => {
    const raw = socket as unknown as { emit(e: string, p: unknown, ack: () => void): void };
    if (p.game) raw.emit('initiate-handshake', { gameId: p.game }, () => {});
  });
  return p;
}

describe('an access token that expires on an open socket', () => {
  it('closes the socket; the client comes back renewed and the partnered game goes on', async () => {
    const clock = testClock();
    const s = await start({ clock, env: { ACCESS_TOKEN_TTL: '6', DISCONNECT_GRACE_MS: '4000' } });
    const speaker = await renewingPlayer(s.url);
    const speller = await renewingPlayer(s.url);
    const game = await partneredGame(s.url, speaker, speller);
    const views = await startTogether(game, speaker, speller);
    speaker.game = game._id;
    speller.game = game._id;
    clock.advance(5000);
    const first = await askAs(speller, 'guess-word', {
      gameId: game._id,
      index: 0,
      guess: views.speaker.current!.word,
    });
    expect(first.ok).toBe(true);

    // the tokens run out: both sockets are closed and come back with fresh ones
    for (const p of [speaker, speller]) {
      expect(await disconnected(p.socket)).toBe('transport close');
      await new Promise<void>((resolve) => p.socket.once('connect', () => resolve()));
    }
    const resumed = await askAs(speller, 'initiate-handshake', { gameId: game._id });
    expect(resumed.game).toMatchObject({ status: 'started', currentIndex: 1 });
    const next = await askAs(speller, 'guess-word', { gameId: game._id, index: 1, guess: 'abc' });
    expect(next.ok).toBe(true);
    // the game goes on: the answer is the guess's delta, not the finish's full view
    expect(next.game).toMatchObject({ delta: true, currentIndex: 2 });
    for (const p of [speaker, speller]) p.socket.close();
  }, 40_000);
});

describe.runIf(onPostgres)('two instances', () => {
  it('a demotion on one instance takes effect on the other', async () => {
    const prefix = `revoke-${Date.now().toString(36)}`;
    const env = { SMTP_URL: smtp.url, ADMIN_EMAILS, REDIS_PREFIX: prefix };
    const a = await startServer({ env });
    const b = await startServer({ env });
    try {
      const boss = await registeredUser(a.url, smtp, newBoss());
      const deputy = await registeredUser(a.url, smtp);
      await setRole(a.url, boss, deputy.user._id, 'admin');
      expect((await adminList(b.url, deputy)).status).toBe(200);
      const socket = await socketFor(b.url, bearer(deputy));
      const closed = disconnected(socket);

      await setRole(a.url, boss, deputy.user._id, 'user');
      // told through Redis: the other instance forgets what it knew within moments
      await expect.poll(async () => (await adminList(b.url, deputy)).status, { timeout: 5000 }).toBe(403);
      await setRemoved(a.url, boss, deputy.user._id, true);
      expect(await closed).toBe('transport close');
    } finally {
      await a.close();
      await b.close();
    }
  });
});

let bosses = 0;
function newBoss() {
  const email = BOSSES[bosses++] as string;
  return { username: `boss${bosses}${STAMP}`.slice(0, 20), email, password: 'correct horse 42' };
}
