import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { Config } from '../../config.ts';
import { DomainError } from '../../errors.ts';
import type { SocialProfile } from '../account-service.ts';

// Google (OpenID Connect, discovered from its issuer), Facebook (OAuth 2 with a userinfo call)
// and Apple (an identity token from the native plugin). Endpoints come from configuration, so
// tests run the whole flow against a real provider on 127.0.0.1.

export interface RedirectFlow {
  /** where to send the browser; state, nonce and the PKCE verifier are the caller's to keep */
  authorizeUrl(p: { state: string; nonce: string; verifier: string; redirectUri: string }): Promise<string>;
  /** trades the code for the player's profile, checking the id token's nonce where there is one */
  profile(p: { code: string; nonce: string; verifier: string; redirectUri: string }): Promise<SocialProfile>;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

const failed = (why: string) =>
  new DomainError('OAUTH_FAILED', `Sign-in with this provider did not work (${why}). Please try again.`);

export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
export const newVerifier = () => randomBytes(32).toString('base64url');

async function fetchJson(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new DomainError(
      'UNAVAILABLE',
      'The sign-in provider cannot be reached right now. Please try again later.',
    );
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw failed(String(body.error_description ?? body.error ?? res.status));
  return body;
}

/** the authorization code (with its PKCE verifier) traded for tokens at the token endpoint */
function exchangeCode(
  tokenUrl: string,
  client: { clientId: string; clientSecret: string },
  p: { code: string; verifier: string; redirectUri: string },
) {
  return fetchJson(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: p.code,
      redirect_uri: p.redirectUri,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      code_verifier: p.verifier,
    }),
  });
}

function discovered(issuer: string) {
  let doc: Promise<Discovery> | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  const get = () => {
    doc ??= fetchJson(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`).then(
      (d) => d as unknown as Discovery,
      (err) => {
        doc = undefined; // try again next time
        throw err;
      },
    );
    return doc;
  };
  return {
    get,
    async verify(idToken: string, audience: string): Promise<JWTPayload> {
      const d = await get();
      jwks ??= createRemoteJWKSet(new URL(d.jwks_uri));
      try {
        const { payload } = await jwtVerify(idToken, jwks, { issuer: d.issuer, audience });
        return payload;
      } catch {
        throw failed('the identity token is not valid');
      }
    },
  };
}

export function googleFlow(c: { clientId: string; clientSecret: string; issuer: string }): RedirectFlow {
  const oidc = discovered(c.issuer);
  return {
    async authorizeUrl({ state, nonce, verifier, redirectUri }) {
      const url = new URL((await oidc.get()).authorization_endpoint);
      url.search = new URLSearchParams({
        client_id: c.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: pkceChallenge(verifier),
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    async profile({ code, nonce, verifier, redirectUri }) {
      const tokens = await exchangeCode((await oidc.get()).token_endpoint, c, {
        code,
        verifier,
        redirectUri,
      });
      if (typeof tokens.id_token !== 'string') throw failed('no identity token');
      const claims = await oidc.verify(tokens.id_token, c.clientId);
      if (claims.nonce !== nonce) throw failed('the nonce does not match');
      if (typeof claims.sub !== 'string') throw failed('no subject');
      // a provider may keep the profile out of the id token: then ask its userinfo endpoint
      const userinfo = (await oidc.get()).userinfo_endpoint;
      if (claims.email === undefined && userinfo && typeof tokens.access_token === 'string') {
        const more = await fetchJson(userinfo, {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        });
        if (more.sub === claims.sub) Object.assign(claims, { ...more, sub: claims.sub });
      }
      return {
        provider: 'google',
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : undefined,
      };
    },
  };
}

export function facebookFlow(c: {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scope: string;
}): RedirectFlow {
  return {
    async authorizeUrl({ state, verifier, redirectUri }) {
      const url = new URL(c.authUrl);
      url.search = new URLSearchParams({
        client_id: c.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: c.scope,
        state,
        code_challenge: pkceChallenge(verifier),
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    async profile({ code, verifier, redirectUri }) {
      const tokens = await exchangeCode(c.tokenUrl, c, { code, verifier, redirectUri });
      if (typeof tokens.access_token !== 'string') throw failed('no access token');
      const me = await fetchJson(c.userinfoUrl, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      const subject = String(me.id ?? me.sub ?? '');
      if (!subject) throw failed('no user id');
      return {
        provider: 'facebook',
        subject,
        email: typeof me.email === 'string' ? me.email : undefined,
        // facebook only hands out confirmed addresses
        emailVerified: typeof me.email === 'string',
        name: typeof me.name === 'string' ? me.name : undefined,
      };
    },
  };
}

/** Apple's native sign-in gives the app an identity token; the nonce may come hashed (sha256 hex) */
export function appleVerifier(c: { clientId: string; issuer: string }) {
  const oidc = discovered(c.issuer);
  return async (p: { idToken: string; nonce?: string; name?: string }): Promise<SocialProfile> => {
    const claims = await oidc.verify(p.idToken, c.clientId);
    if (p.nonce !== undefined) {
      const hashed = createHash('sha256').update(p.nonce).digest('hex');
      if (claims.nonce !== p.nonce && claims.nonce !== hashed) throw failed('the nonce does not match');
    }
    if (typeof claims.sub !== 'string') throw failed('no subject');
    return {
      provider: 'apple',
      subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: p.name,
    };
  };
}

export function socialProviders(config: Config) {
  const on = config.socialLogin;
  const o = config.oauth;
  return {
    google: on && o.google ? googleFlow(o.google) : undefined,
    facebook: on && o.facebook ? facebookFlow(o.facebook) : undefined,
    apple: on && o.apple ? appleVerifier(o.apple) : undefined,
  };
}

export type SocialProviders = ReturnType<typeof socialProviders>;
