import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, type TestServer } from './harness.ts';
import { freePort } from './support/free-port.ts';
import { type OidcPeer, startOidcPeer } from './support/oidc-peer.ts';

// the whole redirect flow against a real OpenID Connect provider on 127.0.0.1, followed the way
// a browser does: our authorize link, the provider, back to /login with code and state, then
// POST /v1/auth/login with the cookie our server set

let peer: OidcPeer;
let applePeer: OidcPeer;
let t: TestServer;

beforeAll(async () => {
  // the public url (and so the port) must be known before the server starts: a redirect names it
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  peer = await startOidcPeer({ redirectUris: [`${publicUrl}/login`] });
  applePeer = await startOidcPeer({ redirectUris: [`${publicUrl}/login`], profileInIdToken: true });
  t = await startServer({
    port,
    env: {
      PUBLIC_URL: publicUrl,
      SOCIAL_LOGIN: 'true',
      GOOGLE_CLIENT_ID: peer.clientId,
      GOOGLE_CLIENT_SECRET: peer.clientSecret,
      GOOGLE_ISSUER: peer.issuer,
      FACEBOOK_CLIENT_ID: peer.clientId,
      FACEBOOK_CLIENT_SECRET: peer.clientSecret,
      FACEBOOK_AUTH_URL: `${peer.issuer}/auth`,
      FACEBOOK_TOKEN_URL: `${peer.issuer}/token`,
      FACEBOOK_USERINFO_URL: `${peer.issuer}/me`,
      FACEBOOK_SCOPE: 'openid email profile',
      // the apps' Apple sign-in hands over an identity token; the local provider issues one too
      APPLE_CLIENT_ID: applePeer.clientId,
      APPLE_ISSUER: applePeer.issuer,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
  await applePeer?.close();
});

/** a tiny browser: follows redirects by hand and keeps cookies per host */
function browser() {
  const jar = new Map<string, Map<string, string>>();
  const cookiesFor = (url: URL) =>
    [...(jar.get(url.host)?.entries() ?? [])].map(([k, v]) => `${k}=${v}`).join('; ');
  async function get(start: string, stopAt: (u: URL) => boolean) {
    let url = new URL(start);
    for (let hops = 0; hops < 20; hops++) {
      if (stopAt(url)) return url;
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookiesFor(url) } });
      const host = jar.get(url.host) ?? new Map<string, string>();
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const [k, ...v] = (pair ?? '').split('=');
        if (k) host.set(k.trim(), v.join('='));
      }
      jar.set(url.host, host);
      const location = res.headers.get('location');
      if (!location)
        throw new Error(`stopped at ${url} with ${res.status}: ${(await res.text()).slice(0, 200)}`);
      url = new URL(location, url);
    }
    throw new Error('too many redirects');
  }
  return { get, cookiesFor };
}

async function signInWith(provider: 'google' | 'facebook', tamper?: (state: string) => string) {
  const b = browser();
  const back = await b.get(`${t.url}/v1/auth/${provider}/authorize`, (u) => u.pathname === '/login');
  const code = back.searchParams.get('code');
  const state = back.searchParams.get('state') ?? '';
  const error = back.searchParams.get('error');
  if (error) return { back, error };
  const res = await api<LoginAnswer & { code?: string; message?: string }>(t.url, 'POST', '/v1/auth/login', {
    headers: { cookie: b.cookiesFor(new URL(t.url)) },
    body: { strategy: provider, code, state: tamper ? tamper(state) : state },
  });
  return { back, res, state };
}

describe('social sign-in', () => {
  it('lists the configured providers in the client config, never apple on this server', async () => {
    const config = await api<{ socialLogin: boolean; loginMethods: string[] }>(t.url, 'GET', '/v1/config');
    expect(config.body.socialLogin).toBe(true);
    expect(config.body.loginMethods).toEqual(['local', 'guest', 'google', 'facebook', 'apple']);
  });

  it('signs in with Google through the provider, with a 16-character state and nonce', async () => {
    const first = await fetch(`${t.url}/v1/auth/google/authorize`, { redirect: 'manual' });
    expect(first.status).toBe(302);
    const to = new URL(first.headers.get('location') ?? '');
    expect(to.origin).toBe(peer.issuer);
    expect(to.searchParams.get('state')).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(to.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('redirect_uri')).toBe(`${t.url}/login`);
    expect(first.headers.getSetCookie().join(';')).toMatch(/HttpOnly/i);

    peer.account = { sub: 'google-sub-1', email: 'ada.social@example.org', name: 'Ada Lovelace' };
    const { res } = await signInWith('google');
    expect(res?.status, res?.text).toBe(200);
    expect(res?.body.user).toMatchObject({
      provider: 'google',
      email: 'ada.social@example.org',
      emailVerified: true,
      name: 'Ada Lovelace',
      role: 'user',
      hasPassword: false,
    });
    // the same person again is the same account
    const again = await signInWith('google');
    expect(again.res?.body.user._id).toBe(res?.body.user._id);
  });

  it('links Facebook to the account with the same proved e-mail', async () => {
    peer.account = { sub: 'google-sub-2', email: 'linked@example.org', name: 'Linus' };
    const google = await signInWith('google');
    peer.account = { sub: 'fb-77', email: 'linked@example.org', name: 'Linus' };
    const facebook = await signInWith('facebook');
    expect(facebook.res?.status, facebook.res?.text).toBe(200);
    expect(facebook.res?.body.user._id).toBe(google.res?.body.user._id);
  });

  it('refuses an answer whose state is not the one this browser started with', async () => {
    peer.account = { sub: 'google-sub-3', email: 'mallory@example.org', name: 'Mallory' };
    const { res } = await signInWith('google', (s) => `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`);
    expect(res?.status).toBe(400);
    expect(res?.body.code).toBe('STATE_MISMATCH');

    // a callback without the cookie (another browser) is refused too
    const noCookie = await api<{ code: string }>(t.url, 'POST', '/v1/auth/login', {
      body: { strategy: 'google', code: 'abc', state: 'abcdefghijklmnop' },
    });
    expect(noCookie.status).toBe(400);
    expect(noCookie.body.code).toBe('STATE_MISMATCH');
  });

  it('comes back to /login with access_denied when consent is refused', async () => {
    peer.refuseConsent = true;
    try {
      const { back, error } = await signInWith('google');
      expect(error).toBe('access_denied');
      expect(back.pathname).toBe('/login');
    } finally {
      peer.refuseConsent = false;
    }
  });

  it('refuses a code that was already used', async () => {
    peer.account = { sub: 'google-sub-4', email: 'once@example.org', name: 'Once' };
    const b = browser();
    const back = await b.get(`${t.url}/v1/auth/google/authorize`, (u) => u.pathname === '/login');
    const body = {
      strategy: 'google',
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    };
    const cookie = b.cookiesFor(new URL(t.url));
    const ok = await api(t.url, 'POST', '/v1/auth/login', { headers: { cookie }, body });
    expect(ok.status).toBe(200);
    const replay = await api(t.url, 'POST', '/v1/auth/login', { headers: { cookie }, body });
    expect(replay.status).toBe(400);
  });
});

/** an identity token straight from the provider, as the native Apple plugin would hand it over */
async function identityToken(nonce: string): Promise<string> {
  const b = browser();
  const authorize = new URL(`${applePeer.issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: applePeer.clientId,
    redirect_uri: `${t.url}/login`,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'apple-state-0001',
    nonce,
  }).toString();
  const back = await b.get(authorize.toString(), (u) => u.pathname === '/login');
  const res = await fetch(`${applePeer.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: `${t.url}/login`,
      client_id: applePeer.clientId,
      client_secret: applePeer.clientSecret,
    }),
  });
  return ((await res.json()) as { id_token: string }).id_token;
}

describe('apple sign-in (the mobile apps)', () => {
  it('accepts a valid identity token with its nonce, refuses a wrong nonce and a forged token', async () => {
    applePeer.account = { sub: 'apple-sub-1', email: 'apple.user@example.org', name: 'Tim' };
    const idToken = await identityToken('apple-nonce-123');
    const ok = await api<LoginAnswer>(t.url, 'POST', '/v1/auth/login', {
      body: { strategy: 'apple', idToken, nonce: 'apple-nonce-123', name: 'Tim Apple' },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.user).toMatchObject({
      provider: 'apple',
      email: 'apple.user@example.org',
      name: 'Tim Apple',
    });

    const wrongNonce = await api(t.url, 'POST', '/v1/auth/login', {
      body: { strategy: 'apple', idToken, nonce: 'another-nonce' },
    });
    expect(wrongNonce.status).toBe(400);
    const [h, p] = idToken.split('.');
    const forged = await api(t.url, 'POST', '/v1/auth/login', {
      body: { strategy: 'apple', idToken: `${h}.${p}.AAAA` },
    });
    expect(forged.status).toBe(400);
    const missing = await api<{ message: string }>(t.url, 'POST', '/v1/auth/login', {
      body: { strategy: 'apple' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Apple Sign-In: No response received\./);
  });
});

describe('social sign-in switched off (the default)', () => {
  it('offers no provider and refuses their routes', async () => {
    const off = await startServer({
      env: { GOOGLE_CLIENT_ID: 'x', GOOGLE_CLIENT_SECRET: 'y', GOOGLE_ISSUER: peer.issuer },
    });
    try {
      const config = await api<{ socialLogin: boolean; loginMethods: string[] }>(
        off.url,
        'GET',
        '/v1/config',
      );
      expect(config.body).toMatchObject({ socialLogin: false, loginMethods: ['local', 'guest'] });
      const authorize = await api<{ code: string }>(off.url, 'GET', '/v1/auth/google/authorize');
      expect(authorize.status).toBe(404);
      expect(authorize.body.code).toBe('PROVIDER_DISABLED');
      const apple = await api<{ code: string }>(off.url, 'POST', '/v1/auth/login', {
        body: { strategy: 'apple', idToken: 'x' },
      });
      expect(apple.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
