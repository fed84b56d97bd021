import {
  confirmEmailChangeSchema,
  forgotPasswordSchema,
  registerSchema,
  resendVerificationSchema,
  resetLinkSchema,
  resetPasswordSchema,
  SOCIAL_PROVIDERS,
  verifyEmailSchema,
} from '@sayspell/core/protocol/account';
import { loginSchema, refreshSchema } from '@sayspell/core/protocol/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AccountService } from '../auth/account-service.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { RecoveryService } from '../auth/recovery-service.ts';
import { newVerifier, type SocialProviders } from '../auth/social/oauth-providers.ts';
import { randomString } from '../auth/social/random-string.ts';
import { DomainError } from '../errors.ts';
import type { Authenticate } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';

const logoutSchema = z.strictObject({ refreshToken: z.string().max(200).optional() });
const redirectProviderSchema = z.strictObject({
  provider: z.enum(['google', 'facebook'], { error: 'Sign-in is offered with google or facebook here.' }),
});

/** what the browser must bring back from the provider, kept in a signed cookie for 10 minutes */
const OAUTH_COOKIE = 'sayspell_oauth';
const OAUTH_COOKIE_MAX_AGE = 600;
const oauthCookieSchema = z.object({
  provider: z.enum(['google', 'facebook']),
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
});

export function authRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    accounts: AccountService;
    recovery: RecoveryService;
    social: SocialProviders;
    authenticate: Authenticate;
    publicUrl(): string;
  },
) {
  const { auth, accounts, social } = deps;
  const redirectUri = () => `${deps.publicUrl()}/login`;
  const secureCookies = () => deps.publicUrl().startsWith('https:');

  function redirectFlow(provider: 'google' | 'facebook') {
    const flow = social[provider];
    if (!flow) throw new DomainError('PROVIDER_DISABLED', `Sign-in with ${provider} is not available here.`);
    return flow;
  }

  function takeOauthCookie(req: FastifyRequest, reply: FastifyReply) {
    const raw = req.cookies[OAUTH_COOKIE];
    reply.clearCookie(OAUTH_COOKIE, { path: '/' });
    const unsigned = raw ? req.unsignCookie(raw) : undefined;
    if (!unsigned?.valid || !unsigned.value) return undefined;
    try {
      return oauthCookieSchema.parse(JSON.parse(unsigned.value));
    } catch {
      return undefined;
    }
  }

  app.post('/v1/auth/login', async (req, reply) => {
    const input = parse(loginSchema, req.body);
    switch (input.strategy) {
      case 'guest':
        return auth.loginGuest();
      case 'local':
        return accounts.loginLocal(input.username, input.password, req.ip);
      case 'apple': {
        const verify = social.apple;
        if (!verify) throw new DomainError('PROVIDER_DISABLED', 'Sign-in with apple is not available here.');
        return accounts.socialSignIn(await verify(input));
      }
      default: {
        const flow = redirectFlow(input.strategy);
        const kept = takeOauthCookie(req, reply);
        if (!kept || kept.provider !== input.strategy || kept.state !== input.state) {
          throw new DomainError(
            'STATE_MISMATCH',
            'This sign-in answer does not belong to the sign-in started in this browser. Please start again.',
          );
        }
        const profile = await flow.profile({
          code: input.code,
          nonce: kept.nonce,
          verifier: kept.verifier,
          redirectUri: redirectUri(),
        });
        return accounts.socialSignIn(profile);
      }
    }
  });

  // the social button is a plain link here: the browser leaves for the provider
  app.get('/v1/auth/:provider/authorize', async (req, reply) => {
    const { provider } = parse(redirectProviderSchema, req.params, 'provider');
    const flow = redirectFlow(provider);
    const kept = { provider, state: randomString(), nonce: randomString(), verifier: newVerifier() };
    const url = await flow.authorizeUrl({ ...kept, redirectUri: redirectUri() });
    reply.setCookie(OAUTH_COOKIE, JSON.stringify(kept), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies(),
      signed: true,
      maxAge: OAUTH_COOKIE_MAX_AGE,
    });
    return reply.redirect(url, 302);
  });

  app.post('/v1/auth/register', async (req, reply) => {
    const input = parse(registerSchema, req.body);
    return reply.status(201).send(await accounts.register(input, req.ip));
  });

  app.post('/v1/auth/guest-claim', async (req) => {
    const me = await deps.authenticate(req);
    return accounts.guestClaim(me.userId);
  });

  app.post('/v1/auth/verify-email', async (req) => {
    const { token } = parse(verifyEmailSchema, req.body);
    return accounts.verifyEmail(token);
  });

  app.post('/v1/auth/resend-verification', async (req, reply) => {
    const { email } = parse(resendVerificationSchema, req.body);
    return reply.status(202).send(await accounts.resendVerification(email));
  });

  // forgot password: 202 and the same sentence whether or not the address has an account
  app.post('/v1/auth/forgot-password', async (req, reply) => {
    const { email } = parse(forgotPasswordSchema, req.body);
    return reply.status(202).send(await deps.recovery.forgotPassword(email, req.ip));
  });

  app.post('/v1/auth/reset-link', async (req) => {
    const { token } = parse(resetLinkSchema, req.body);
    return deps.recovery.checkResetLink(token, req.ip);
  });

  app.post('/v1/auth/reset-password', async (req) => {
    const { token, newPassword } = parse(resetPasswordSchema, req.body);
    return deps.recovery.resetPassword(token, newPassword, req.ip);
  });

  // opened from the new address's mail, perhaps in another browser: the link is the proof
  app.post('/v1/auth/confirm-email-change', async (req) => {
    const { token } = parse(confirmEmailChangeSchema, req.body);
    return deps.recovery.confirmEmailChange(token, req.ip);
  });

  app.post('/v1/auth/refresh', async (req) => {
    const { refreshToken } = parse(refreshSchema, req.body);
    return auth.refresh(refreshToken);
  });

  // errors are ignored by the client (§7), so logout always answers 204
  app.post('/api/auth/logout', async (req, reply) => {
    const body = req.body === undefined || req.body === null ? {} : parse(logoutSchema, req.body);
    await auth.logout(body.refreshToken);
    return reply.status(204).send();
  });
}

export const loginMethods = (social: SocialProviders) => [
  'local',
  'guest',
  ...SOCIAL_PROVIDERS.filter((p) => social[p] !== undefined),
];
