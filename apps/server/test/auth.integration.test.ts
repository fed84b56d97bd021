import type { LoginAnswer, UserView } from '@sayspell/core/protocol/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ask, guest, socketFor, startServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t?.close());

describe('guest sign-in', () => {
  it('creates a guest with a generated name and no password, and returns tokens', async () => {
    // signed in as the web does, before any EULA (the harness's guest() accepts it)
    const res = await api<LoginAnswer>(t.url, 'POST', '/v1/auth/login', { body: { strategy: 'guest' } });
    expect(res.status).toBe(200);
    const { token, user } = res.body;
    expect(user.role).toBe('guest');
    expect(user.username).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{3}$/);
    expect(token.tokenType).toBe('Bearer');
    const profile = await api<UserView>(t.url, 'GET', '/v1/users/profile', { token: token.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      _id: user._id,
      username: user.username,
      role: 'guest',
      hasConfirmedEULA: false,
    });
    expect(JSON.stringify(profile.body)).not.toMatch(/passwordHash|argon2/i);
  });

  it('refuses the profile without a valid token', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Bearer nope' },
      { authorization: 'Basic abc' },
    ];
    for (const headers of variants) {
      const res = await api<{ statusCode: number; message: string }>(t.url, 'GET', '/v1/users/profile', {
        headers,
      });
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(/sign in|token/i);
    }
  });
});

describe('refresh tokens', () => {
  it('rotates, and a reused token revokes the whole family', async () => {
    const first = await guest(t.url);
    const r1 = await api<LoginAnswer>(t.url, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: first.token.refreshToken },
    });
    expect(r1.status).toBe(200);
    expect(r1.body.token.refreshToken).not.toBe(first.token.refreshToken);
    expect(r1.body.user._id).toBe(first.user._id);

    // the spent token again: refused, and the newer one dies with it
    const replay = await api(t.url, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: first.token.refreshToken },
    });
    expect(replay.status).toBe(401);
    const victim = await api(t.url, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: r1.body.token.refreshToken },
    });
    expect(victim.status).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const { token } = await guest(t.url);
    const out = await api(t.url, 'POST', '/api/auth/logout', { body: { refreshToken: token.refreshToken } });
    expect(out.status).toBe(204);
    const after = await api(t.url, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: token.refreshToken },
    });
    expect(after.status).toBe(401);
  });
});

describe('socket handshake and channels', () => {
  it('refuses a connection without a valid access token', async () => {
    await expect(socketFor(t.url, 'not-a-token')).rejects.toThrow('unauthorized');
    await expect(socketFor(t.url, '')).rejects.toThrow('unauthorized');
  });

  it('lets a user join their own private channel and public presence, not another user’s', async () => {
    const a = await guest(t.url);
    const b = await guest(t.url);
    const socket = await socketFor(t.url, a.token.accessToken);
    expect(await ask(socket, 'subscribe', { channel: `private-${a.user._id}` })).toEqual({ ok: true });
    expect(await ask(socket, 'subscribe', { channel: 'presence-users' })).toMatchObject({
      ok: true,
      members: [a.user._id],
    });
    expect(await ask(socket, 'subscribe', { channel: `private-${b.user._id}` })).toMatchObject({
      ok: false,
      error: { code: 'CHANNEL_FORBIDDEN' },
    });
    expect(await ask(socket, 'subscribe', { channel: `private-invite-${b.user._id}` })).toMatchObject({
      ok: false,
    });
    expect(
      await ask(socket, 'subscribe', { channel: 'presence-game-00000000-0000-4000-8000-000000000000' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'CHANNEL_FORBIDDEN' },
    });
    expect(await ask(socket, 'subscribe', { channel: 'lobby' })).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST' },
    });
    socket.disconnect();
  });
});
