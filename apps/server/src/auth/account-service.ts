import type { RegisterInput, SocialProvider } from '@sayspell/core/protocol/account';
import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import type { Logger } from 'pino';
import { DomainError } from '../errors.ts';
import type { Mailer } from '../providers/mail/mailer.ts';
import type { AccountRepository } from './account-repository.ts';
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
  repo: AccountRepository;
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
/** an account with many failed sign-ins from many addresses takes one attempt per this long */
const LOGIN_BACKOFF_MS = 2000;
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
    // counted up front (atomically) and given back when no account was made
    const ipKey = `register-ip:${ip}`;
    await throttle.take(ipKey, deps.limits.registerMaxPerIp, 'new accounts from your network');
    try {
      return await createAccount(input);
    } catch (err) {
      await throttle.refund(ipKey);
      throw err;
    }
  }

  async function createAccount(input: RegisterInput & { email: string }) {
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
      const allowed = await throttle.take(key, 5, 'mails').then(
        () => true,
        () => false,
      );
      if (allowed) await sendVerification(user);
    }
    return { message: RESEND_ANSWER };
  }

  /**
   * failures are counted per (account, address): a stranger who knows a username can lock out only
   * their own address. past the same count across all addresses the account is not locked but slowed
   * to one attempt per LOGIN_BACKOFF_MS, so its owner still gets in with the right password and a
   * brute force gets a few thousand guesses an hour at most. each count is taken before argon2 runs
   */
  async function loginLocal(identifier: string, password: string, ip: string): Promise<LoginAnswer> {
    const ipKey = `login-ip:${ip}`;
    await throttle.take(ipKey, deps.limits.loginMaxFailuresPerIp, 'failed sign-ins from your network');
    const user = await users.byLogin(identifier);
    const account = user?.id ?? identifier.trim().toLowerCase();
    const pairKey = `login:${account}:${ip}`;
    const accountKey = `login:${account}`;
    await throttle.take(pairKey, deps.limits.loginMaxFailures, 'failed sign-ins for this account');
    if ((await throttle.peek(accountKey)) >= deps.limits.loginMaxFailures) {
      await throttle.take(`login-slot:${account}`, 1, 'sign-in attempts for this account', LOGIN_BACKOFF_MS);
    }
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) {
      await throttle.hit(accountKey);
      throw new DomainError('INVALID_CREDENTIALS', BAD_CREDENTIALS);
    }
    await Promise.all([throttle.refund(ipKey), throttle.clear(pairKey), throttle.clear(accountKey)]);
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
    const owner = await deps.repo.identityOwner(profile.provider, profile.subject);
    const known = owner ? await users.find(owner) : undefined;
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
    await deps.repo.linkIdentity({
      provider: profile.provider,
      subject: profile.subject,
      userId: user.id,
      email: email ?? null,
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
    await deps.repo.forgetEmailLinks(userId);
  }

  /** a new password: an e-mail change asked for with the old one does not go through */
  async function passwordChanged(userId: string) {
    await deps.emailTokens.revoke(userId, 'change-email');
  }

  return {
    register,
    verifyEmail,
    resendVerification,
    loginLocal,
    socialSignIn,
    guestClaim,
    forgetLinks,
    passwordChanged,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
