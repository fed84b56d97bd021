import { afterEach, describe, expect, it, vi } from 'vitest';
import { leavingSession, onSessionExpired } from '../auth/session-expired.ts';
import { getAccessToken, getRefreshToken, storeTokens } from '../auth/token-storage.ts';
import { ApiRequestError } from './api-error.ts';
import { request, whileSessionComes } from './client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const unauthorized = () => json(401, { statusCode: 401, error: 'Unauthorized', message: 'Token expired.' });

describe('api client', () => {
  afterEach(() => onSessionExpired(() => {}));

  it('stores tokens under the spec keys and sends the bearer token', async () => {
    storeTokens('guest', { accessToken: 'a1', refreshToken: 'r1' });
    expect(localStorage.getItem('auth.strategy')).toBe('guest');
    expect(localStorage.getItem('auth._token.guest')).toBe('a1');
    expect(localStorage.getItem('auth._refresh_token.guest')).toBe('r1');
    const fetchMock = vi.fn(async (_path: string, _init: RequestInit) => json(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await request('/v1/languages');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ headers: { Authorization: 'Bearer a1' } });
  });

  it('on 401 refreshes once for concurrent requests and retries them', async () => {
    storeTokens('guest', { accessToken: 'old', refreshToken: 'r1' });
    let refreshes = 0;
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      if (path === '/v1/auth/refresh') {
        refreshes += 1;
        expect(JSON.parse(String(init.body))).toEqual({ refreshToken: 'r1' });
        await new Promise((r) => setTimeout(r, 10));
        return json(200, { token: { accessToken: 'new', refreshToken: 'r2' }, user: {} });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new' ? json(200, { path }) : unauthorized();
    });
    const answers = await Promise.all([request('/v1/a'), request('/v1/b'), request('/v1/c')]);
    expect(answers).toEqual([{ path: '/v1/a' }, { path: '/v1/b' }, { path: '/v1/c' }]);
    expect(refreshes).toBe(1);
    expect(getAccessToken()).toBe('new');
    expect(getRefreshToken()).toBe('r2');
  });

  it('uses the tokens another tab renewed while it waited, instead of spending the old refresh token', async () => {
    storeTokens('guest', { accessToken: 'old', refreshToken: 'r1' });
    // the other tab holds the refresh lock and rotates the shared tokens before handing it over
    const locks = {
      request: async (_name: string, renew: () => Promise<unknown>) => {
        storeTokens('guest', { accessToken: 'other-tab', refreshToken: 'r2' });
        return renew();
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    let refreshes = 0;
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      if (path === '/v1/auth/refresh') {
        refreshes += 1;
        return json(401, { statusCode: 401, error: 'Unauthorized', message: 'Reused: family revoked.' });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer other-tab' ? json(200, { ok: true }) : unauthorized();
    });
    try {
      expect(await request('/v1/users/profile')).toEqual({ ok: true });
      expect(refreshes).toBe(0);
      expect(getRefreshToken()).toBe('r2');
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('keeps a session stored while a refresh was on its way (a password change), whatever the refresh answers', async () => {
    for (const answer of [
      () => json(401, { statusCode: 401, error: 'Unauthorized', message: 'Family revoked.' }),
      () => json(200, { token: { accessToken: 'old-family', refreshToken: 'r-old-2' }, user: {} }),
    ]) {
      storeTokens('local', { accessToken: 'old', refreshToken: 'r-old' });
      const expired = vi.fn();
      onSessionExpired(expired);
      vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
        if (path === '/v1/auth/refresh') {
          // the password change's answer is stored before this refresh's comes back
          storeTokens('local', { accessToken: 'fresh', refreshToken: 'r-fresh' });
          return answer();
        }
        const auth = (init.headers as Record<string, string>).Authorization;
        return auth === 'Bearer fresh' ? json(200, { ok: true }) : unauthorized();
      });
      expect(await request('/v1/users/profile')).toEqual({ ok: true });
      expect(expired).not.toHaveBeenCalled();
      expect(getAccessToken()).toBe('fresh');
      expect(getRefreshToken()).toBe('r-fresh');
    }
  });

  it('a refresh refused before a password change has answered waits for its fresh session', async () => {
    storeTokens('local', { accessToken: 'old', refreshToken: 'r-old' });
    const expired = vi.fn();
    onSessionExpired(expired);
    let answerChange: () => void = () => {};
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      if (path === '/v1/users/change-password') {
        // the server signed the old session out; its answer reaches this tab after the refresh's
        await new Promise<void>((r) => {
          answerChange = r;
        });
        return json(200, { token: { accessToken: 'fresh', refreshToken: 'r-fresh' }, user: {} });
      }
      if (path === '/v1/auth/refresh') {
        setTimeout(() => answerChange(), 20);
        return json(401, { statusCode: 401, error: 'Unauthorized', message: 'Family revoked.' });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer fresh' ? json(200, { ok: true }) : unauthorized();
    });
    const change = whileSessionComes(async () => {
      const answer = await request<{ token: { accessToken: string; refreshToken: string } }>(
        '/v1/users/change-password',
        { method: 'POST', body: {} },
      );
      storeTokens('local', answer.token);
    });
    // the socket's reconnection, refused with the old token, asks for the profile again
    expect(await request('/v1/users/profile')).toEqual({ ok: true });
    await change;
    expect(expired).not.toHaveBeenCalled();
    expect(getAccessToken()).toBe('fresh');
    expect(getRefreshToken()).toBe('r-fresh');
  });

  it('when the refresh fails, forgets the session and reports it', async () => {
    storeTokens('guest', { accessToken: 'old', refreshToken: 'spent' });
    const expired = vi.fn();
    onSessionExpired(expired);
    vi.stubGlobal('fetch', async (path: string) =>
      path === '/v1/auth/refresh'
        ? json(401, { statusCode: 401, error: 'Unauthorized', message: 'Spent.' })
        : unauthorized(),
    );
    await expect(request('/v1/game/1')).rejects.toBeInstanceOf(ApiRequestError);
    expect(expired).toHaveBeenCalledExactlyOnceWith('ended');
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem('auth._refresh_token.guest')).toBeNull();
  });

  it('a session the player is leaving (log out, account deleted) ends without an expiry', async () => {
    storeTokens('local', { accessToken: 'old', refreshToken: 'revoked' });
    const expired = vi.fn();
    onSessionExpired(expired);
    vi.stubGlobal('fetch', async (path: string) =>
      path === '/v1/auth/refresh'
        ? json(401, { statusCode: 401, error: 'Unauthorized', message: 'Revoked.' })
        : unauthorized(),
    );
    // a request still in flight when the deletion revoked the session
    await leavingSession(async () => {
      await expect(request('/v1/users/profile')).rejects.toBeInstanceOf(ApiRequestError);
    });
    expect(expired).not.toHaveBeenCalled();
    // once the flow is over, an ended session is reported again
    storeTokens('local', { accessToken: 'old', refreshToken: 'revoked' });
    await expect(request('/v1/users/profile')).rejects.toBeInstanceOf(ApiRequestError);
    expect(expired).toHaveBeenCalledExactlyOnceWith('ended');
  });

  it('a social session refreshes under its own strategy', async () => {
    storeTokens('google', { accessToken: 'old', refreshToken: 'r1' });
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      if (path === '/v1/auth/refresh')
        return json(200, { token: { accessToken: 'new', refreshToken: 'r2' } });
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new' ? json(200, { ok: true }) : unauthorized();
    });
    await request('/v1/users/profile');
    expect(localStorage.getItem('auth.strategy')).toBe('google');
    expect(localStorage.getItem('auth._token.google')).toBe('new');
    expect(localStorage.getItem('auth._refresh_token.google')).toBe('r2');
  });

  it('an account removed by an administrator is reported as removed', async () => {
    storeTokens('local', { accessToken: 'old', refreshToken: 'r1' });
    const expired = vi.fn();
    onSessionExpired(expired);
    vi.stubGlobal('fetch', async (path: string) =>
      path === '/v1/auth/refresh'
        ? json(403, { statusCode: 403, error: 'Forbidden', message: 'Removed.', code: 'ACCOUNT_REMOVED' })
        : unauthorized(),
    );
    await expect(request('/v1/users/profile')).rejects.toBeInstanceOf(ApiRequestError);
    expect(expired).toHaveBeenCalledExactlyOnceWith('removed');
  });

  it("surfaces the server's error message", async () => {
    vi.stubGlobal('fetch', async () =>
      json(400, { statusCode: 400, error: 'Bad Request', message: 'Pick a category.' }),
    );
    await expect(request('/v1/game', { method: 'POST', body: {} })).rejects.toMatchObject({
      statusCode: 400,
      message: 'Pick a category.',
    });
  });
});
