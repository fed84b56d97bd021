import type { FastifyRequest } from 'fastify';
import type { AccessClaims, AccessTokens } from '../auth/access-tokens.ts';
import type { SessionGuard } from '../auth/session-guard.ts';
import { DomainError } from '../errors.ts';

// reads the Bearer access token of a request, then asks the session guard what the account may
// do now: the role in the token is not trusted for authorisation

// the scheme is case-insensitive (RFC 9110 §11.1): "bearer" and "BEARER" are fine
const BEARER = /^bearer +(\S+) *$/i;

export function createAuthenticate(access: AccessTokens, sessions: SessionGuard) {
  return async function authenticate(req: FastifyRequest): Promise<AccessClaims> {
    const header = req.headers.authorization;
    if (!header) throw new DomainError('UNAUTHORIZED', 'Please sign in first (no access token was sent).');
    const token = BEARER.exec(header)?.[1];
    if (!token) {
      throw new DomainError('UNAUTHORIZED', 'Send the access token as "Authorization: Bearer <token>".');
    }
    return sessions.check(await access.verify(token));
  };
}

export type Authenticate = ReturnType<typeof createAuthenticate>;

/** throws 403 unless the signed-in user has one of the roles; admins pass every role check */
export function requireRole(claims: AccessClaims, ...roles: AccessClaims['role'][]): AccessClaims {
  if (claims.role === 'admin' || roles.includes(claims.role)) return claims;
  const wanted = roles.includes('user') ? 'a registered account' : 'an administrator';
  throw new DomainError('FORBIDDEN', `This needs ${wanted}.`);
}
