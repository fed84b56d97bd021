import type { FastifyRequest } from 'fastify';
import type { AccessClaims, AccessTokens } from '../auth/access-tokens.ts';
import { DomainError } from '../errors.ts';

// reads the Bearer access token of a request

export function createAuthenticate(access: AccessTokens) {
  return async function authenticate(req: FastifyRequest): Promise<AccessClaims> {
    const header = req.headers.authorization;
    if (!header) throw new DomainError('UNAUTHORIZED', 'Please sign in first (no access token was sent).');
    const [type, token] = header.split(' ');
    if (type !== 'Bearer' || !token) {
      throw new DomainError('UNAUTHORIZED', 'Send the access token as "Authorization: Bearer <token>".');
    }
    return access.verify(token);
  };
}

export type Authenticate = ReturnType<typeof createAuthenticate>;

/** throws 403 unless the signed-in user has one of the roles; admins pass every role check */
export function requireRole(claims: AccessClaims, ...roles: AccessClaims['role'][]): AccessClaims {
  if (claims.role === 'admin' || roles.includes(claims.role)) return claims;
  const wanted = roles.includes('user') ? 'a registered account' : 'an administrator';
  throw new DomainError('FORBIDDEN', `This needs ${wanted}.`);
}
