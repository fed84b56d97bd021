import { errors, jwtVerify, SignJWT } from 'jose';
import { DomainError } from '../errors.ts';

// short-lived access tokens (HS256 JWT); the refresh token is what keeps a session alive

export interface AccessClaims {
  userId: string;
  /** the role when the token was signed; authorisation reads the current one (session-guard.ts) */
  role: 'guest' | 'user' | 'admin';
  /** the refresh-token family (the sign-in) the token belongs to: logging out ends it */
  sessionId?: string;
  /** when the token stops being valid, ms since the epoch */
  expiresAtMs?: number;
}

export interface AccessTokens {
  sign(claims: { userId: string; role: AccessClaims['role']; sessionId: string }): Promise<string>;
  verify(token: string): Promise<AccessClaims>;
  readonly ttlSeconds: number;
}

const ISSUER = 'sayspell';
/** verified tokens remembered at most (≈ 0.5 KB each); the oldest is forgotten first */
const VERIFIED_MAX = 10_000;

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  // imported once: given raw bytes, jose imports the key again on every sign and verify
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // a token that verified stays valid until its exp (nothing else in it depends on the time), so
  // a client's next requests with it skip the HMAC: ≈ 70 µs of cpu each
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  const remember = (token: string, claims: AccessClaims, exp: number | undefined) => {
    if (typeof exp !== 'number') return;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims: { ...claims, expiresAtMs: exp * 1000 }, expiresAtMs: exp * 1000 });
  };
  return {
    ttlSeconds,
    sign: async (c) =>
      new SignJWT({ role: c.role, sid: c.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(c.userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key),
    async verify(token) {
      const known = verified.get(token);
      if (known && Date.now() < known.expiresAtMs) return { ...known.claims };
      verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, await key, { issuer: ISSUER, algorithms: ['HS256'] });
        const { role, sid } = payload;
        if (
          typeof payload.sub !== 'string' ||
          typeof sid !== 'string' ||
          typeof payload.exp !== 'number' ||
          (role !== 'guest' && role !== 'user' && role !== 'admin')
        ) {
          throw new DomainError('INVALID_TOKEN', 'The access token is not valid.');
        }
        const claims: AccessClaims = {
          userId: payload.sub,
          role,
          sessionId: sid,
          expiresAtMs: payload.exp * 1000,
        };
        remember(token, claims, payload.exp);
        return { ...claims };
      } catch (err) {
        if (err instanceof DomainError) throw err;
        const expired = err instanceof errors.JWTExpired;
        throw new DomainError(
          'INVALID_TOKEN',
          expired ? 'The access token has expired.' : 'The access token is not valid.',
        );
      }
    },
  };
}
