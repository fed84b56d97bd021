import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { AccessTokens } from '../auth/access-tokens.ts';
import { errorBody } from './error-handler.ts';

// who is limited, and by what. a school, an office or a family is one address behind NAT, so:
// - the web app's files and pages are never limited (a page load and the service worker's precache
//   are a hundred requests);
// - a signed-in caller's api calls count against their account, wherever they come from;
// - anonymous api calls count against the address, with a ceiling a class fits under;
// - guest sign-ins, free accounts anyone can make, count against the address over a longer window.
// with Redis the counters live there, so several instances enforce one limit.

export interface RateLimits {
  perAccountPerMinute: number;
  anonymousPerMinute: number;
  guestSignInsPerAddress: number;
  guestWindowMs: number;
}

const MINUTE = 60_000;
const LIMITED_PREFIXES = ['/v1/', '/api/', '/health'];

type Kind = 'account' | 'address' | 'guest';

export async function registerRateLimits(
  app: FastifyInstance,
  deps: { limits: RateLimits; access: AccessTokens; redis?: Redis; redisPrefix: string },
) {
  const { limits } = deps;
  const kindOf = (key: string) => key.slice(0, key.indexOf(':')) as Kind;
  await app.register(rateLimit, {
    // after the body is read: a guest sign-in is told apart by its body
    hook: 'preHandler',
    ...(deps.redis ? { redis: deps.redis, nameSpace: `${deps.redisPrefix}:rate-limit:` } : {}),
    // Redis away: the api answers unlimited for a while rather than not at all
    skipOnError: true,
    // the limit and what is left of it are told when a caller is over it (with Retry-After), not
    // on every answer: three headers less to validate and send per answer (issue 16, B5)
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    allowList: (req) => !LIMITED_PREFIXES.some((p) => req.url.startsWith(p)),
    keyGenerator: async (req) => {
      if (isGuestSignIn(req)) return `guest:${req.ip}`;
      const userId = await signedInUser(req, deps.access);
      return userId ? `account:${userId}` : `address:${req.ip}`;
    },
    max: (_req, key) => {
      const kind = kindOf(key);
      if (kind === 'account') return limits.perAccountPerMinute;
      return kind === 'guest' ? limits.guestSignInsPerAddress : limits.anonymousPerMinute;
    },
    timeWindow: (_req, key) => (kindOf(key) === 'guest' ? limits.guestWindowMs : MINUTE),
    errorResponseBuilder: (req, ctx) => {
      const what = isGuestSignIn(req) ? 'guest sign-ins from your network' : 'requests';
      return errorBody(
        429,
        `Too many ${what}. Please wait ${waitText(ctx.ttl)} and try again.`,
        'RATE_LIMITED',
      );
    },
  });
}

function isGuestSignIn(req: FastifyRequest) {
  if (req.method !== 'POST' || req.url.split('?')[0] !== '/v1/auth/login') return false;
  const body = req.body as { strategy?: unknown } | undefined;
  return body?.strategy === 'guest';
}

/** the account a valid access token names; anything else is anonymous */
async function signedInUser(req: FastifyRequest, access: AccessTokens) {
  const [scheme, token] = (req.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) return undefined;
  try {
    return (await access.verify(token)).userId;
  } catch {
    return undefined;
  }
}

function waitText(ttlMs: number) {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  if (seconds <= 90) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
