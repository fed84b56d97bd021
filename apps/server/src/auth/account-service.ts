import type { RegisterInput, SocialProvider } from '@sayspell/core/protocol/account';
import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import { emailTokens, socialIdentities } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import type { Mailer } from '../providers/mail/mailer.ts';
import type { AuthService } from './auth-service.ts';
import type { EmailTokens } from './email-tokens.ts';
import type { GuestClaims } from './guest-claims.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { Throttle } from './throttle.ts';
import { isUniqueViolation, type UserRow, type Users } from './users.ts';
import { verificationMail } from './verification-mail.ts';

// registered accounts: sign-up with e-mail verification, sign-in by password or by a social
// provider, and the admin list from configuration

export interface SocialProfile {
  provider: SocialProvider;
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

export interface AccountDeps {
  db: Db;
  users: Users;
  auth: AuthService;
  emailTokens: EmailTokens;
  guestClaims: GuestClaims;
  mailer: Mailer;
  throttle: Throttle;
  clock: { now(): number };
  logger: Logger;
  adminEmails: string[];
  limits: { loginMaxFailures: number; loginMaxFailuresPerIp: number; registerMaxPerIp: number };
  /** the address players open the site at, for links in mails */
  publicUrl(): string;
}

const BAD_CREDENTIALS = 'The e-mail/username or password is not right.';
const RESEND_ANSWER = 'If that address has an account waiting for verification, a new link is on its way.';

export function createAccountService(deps: AccountDeps) {
  const { users, auth, throttle } = deps;
  const isAdminEmail = (email: string | null) =>
    email !== null && deps.adminEmails.includes(email.toLowerCase());
  /** configured admins become admins as soon as their address is proved */
  const roleFor = (user: UserRow, email: string | null): 'user' | 'admin' =>
    user.role === 'admin' || isAdminEmail(email) ? 'admin' : 'user';

  async function sendVerification(user: UserRow): Promise<boolean> {
    if (!user.email) return false;
    const token = await deps.emailTokens.issue(user.id, 'verify-email');
    const link = `${deps.publicUrl()}/email-verification/${token}`;
    try {
      await deps.mailer.send({ to: user.email, ...verificationMail(user.username, link) });
      return true;
    } catch (err) {
      deps.logger.error({ err, to: user.email }, 'verification mail could not be sent');
      return false;
    }
  }

  async function register(input: RegisterInput & { email: string }, ip: string) {
    await throttle.check(`register-ip:${ip}`, deps.limits.registerMaxPerIp, 'new accounts from your network');
    if (await users.usernameTaken(input.username)) {
      throw new DomainError('USERNAME_TAKEN', 'That username is taken. Please choose another.');
    }
    if (await users.byEmail(input.email)) {
      throw new DomainError(
        'EMAIL_TAKEN',
        'An account with this e-mail already exists. Sign in, or verify it.',
      );
    }
    const account = {
      username: input.username,
      email: input.email,
      name: input.name ?? null,
      passwordHash: await hashPassword(input.password),
      provider: 'local' as const,
      role: 'user' as const,
    };
    const guestId = input.guestClaim ? await deps.guestClaims.verify(input.guestClaim) : undefined;
    const guest = guestId ? await users.find(guestId) : undefined;
    let user: UserRow;
    try {
      user =
        guest && guest.role === 'guest' && !guest.deletedAt
          ? await users.update(guest.id, account) // the guest's games stay with the row
          : await users.insert(account);
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new DomainError('CONFLICT', 'That username or e-mail was just taken. Please choose another.');
      }
      throw err;
    }
    if (guest && user.id === guest.id) await auth.endAllSessions(guest.id);
    await throttle.hit(`register-ip:${ip}`);
    const mailSent = await sendVerification(user);
    return {
      email: user.email,
      mailSent,
      message: mailSent
        ? `We sent a link to ${user.email}. Open it to verify your e-mail, then sign in.`
        : 'Your account is created, but the verification mail could not be sent. Use Resend to try again.',
    };
  }

  async function verifyEmail(token: string) {
    const userId = await deps.emailTokens.spend(token, 'verify-email');
    const user = await users.byId(userId);
    const verified = await users.update(user.id, {
      emailVerifiedAt: user.emailVerifiedAt ?? new Date(deps.clock.now()),
      role: roleFor(user, user.email),
    });
    return { email: verified.email, message: 'Your e-mail is verified. You can sign in now.' };
  }

  async function resendVerification(email: string) {
    const user = await users.byEmail(email);
    const key = `resend:${email}`;
    if (user && user.provider === 'local' && !user.emailVerifiedAt && !user.removedAt) {
      // at most a few mails per window to one address; the answer does not say
      const allowed = await throttle.check(key, 5, 'mails').then(
        () => true,
        () => false,
      );
      if (allowed) {
        await throttle.hit(key);
        await sendVerification(user);
      }
    }
    return { message: RESEND_ANSWER };
  }

  async function loginLocal(identifier: string, password: string, ip: string): Promise<LoginAnswer> {
    const ipKey = `login-ip:${ip}`;
    await throttle.check(ipKey, deps.limits.loginMaxFailuresPerIp, 'failed sign-ins from your network');
    const user = await users.byLogin(identifier);
    const accountKey = `login:${user?.id ?? identifier.trim().toLowerCase()}`;
    await throttle.check(accountKey, deps.limits.loginMaxFailures, 'failed sign-ins for this account');
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) {
      await throttle.hit(ipKey);
      await throttle.hit(accountKey);
      throw new DomainError('INVALID_CREDENTIALS', BAD_CREDENTIALS);
    }
    await throttle.clear(accountKey);
    if (user.removedAt)
      throw new DomainError('ACCOUNT_REMOVED', 'This account was removed by an administrator.');
    if (!user.emailVerifiedAt) {
      throw new DomainError(
        'EMAIL_NOT_VERIFIED',
        `Please verify your e-mail first: open the link we sent to ${user.email}.`,
      );
    }
    const role = roleFor(user, user.email);
    return auth.signIn(role === user.role ? user : await users.update(user.id, { role }));
  }

  /** a social sign-in: the known identity, else the account with that proved e-mail, else a new one */
  async function socialSignIn(profile: SocialProfile): Promise<LoginAnswer> {
    const [identity] = await deps.db
      .select()
      .from(socialIdentities)
      .where(
        and(eq(socialIdentities.provider, profile.provider), eq(socialIdentities.subject, profile.subject)),
      );
    const known = identity ? await users.find(identity.userId) : undefined;
    if (known && !known.deletedAt) return auth.signIn(known);

    const email = profile.email?.toLowerCase();
    const provedEmail = email && profile.emailVerified ? email : undefined;
    let user = provedEmail ? await users.byEmail(provedEmail) : undefined;
    if (user) {
      user = await users.update(user.id, {
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(deps.clock.now()),
        role: user.role === 'guest' ? 'user' : roleFor(user, provedEmail ?? null),
      });
    } else {
      const base = profile.name?.split(' ')[0] || email?.split('@')[0] || profile.provider;
      user = await users.insert({
        username: await users.freeUsername(base),
        name: profile.name ?? null,
        email: provedEmail ?? null,
        emailVerifiedAt: provedEmail ? new Date(deps.clock.now()) : null,
        provider: profile.provider,
        role: isAdminEmail(provedEmail ?? null) ? 'admin' : 'user',
      });
    }
    await deps.db
      .insert(socialIdentities)
      .values({ provider: profile.provider, subject: profile.subject, userId: user.id, email: email ?? null })
      .onConflictDoUpdate({
        target: [socialIdentities.provider, socialIdentities.subject],
        set: { userId: user.id },
      });
    return auth.signIn(user);
  }

  async function guestClaim(userId: string) {
    const user = await users.byId(userId);
    if (user.role !== 'guest')
      throw new DomainError('FORBIDDEN', 'Only a guest can carry their games to a new account.');
    return { guestClaim: await deps.guestClaims.sign(user.id) };
  }

  /** verification links of an account that is gone are of no use */
  async function forgetLinks(userId: string) {
    await deps.db.delete(emailTokens).where(eq(emailTokens.userId, userId));
  }

  return { register, verifyEmail, resendVerification, loginLocal, socialSignIn, guestClaim, forgetLinks };
}

export type AccountService = ReturnType<typeof createAccountService>;
