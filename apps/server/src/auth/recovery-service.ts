import { RESET_LINK_HOURS } from '@sayspell/core/protocol/account';
import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import type { Logger } from 'pino';
import { DomainError } from '../errors.ts';
import type { Mail, Mailer } from '../providers/mail/mailer.ts';
import {
  addressTakenMail,
  confirmNewEmailMail,
  emailChangedMail,
  resetPasswordMail,
} from './account-mails.ts';
import type { AuthService } from './auth-service.ts';
import type { EmailTokens } from './email-tokens.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { Throttle } from './throttle.ts';
import { isUniqueViolation, type UserRow, type Users } from './users.ts';

// account recovery (issue 15 item 6): a forgotten password by a mailed, single-use, expiring link,
// and a change of e-mail confirmed from the new address. neither form tells whether an address has
// an account: the answer, its status and the work done before answering are the same either way,
// and the mail (the slow part) leaves after the answer

export interface RecoveryDeps {
  users: Users;
  auth: AuthService;
  emailTokens: EmailTokens;
  mailer: Mailer;
  throttle: Throttle;
  clock: { now(): number };
  logger: Logger;
  adminEmails: string[];
  /** requests per address per throttle window: reset requests, and links that do not work */
  limits: { perIp: number };
  publicUrl(): string;
}

export const FORGOT_ANSWER =
  'If an account uses that address, a link to choose a new password is on its way. It works for 1 hour.';

/** mails to one address per window, whatever asks; past it the answer does not change */
const MAILS_PER_ADDRESS = 3;
/** e-mail change attempts per account per window: wrong passwords and mails alike */
const CHANGES_PER_ACCOUNT = 5;

export function createRecoveryService(deps: RecoveryDeps) {
  const { users, throttle, emailTokens } = deps;
  const pending = new Set<Promise<void>>();

  // the mail goes after the answer, so its time (an SMTP round trip) is not in the answer's
  function sendLater(mail: Mail, what: string) {
    const sent = deps.mailer
      .send(mail)
      .catch((err) => deps.logger.error({ err, to: mail.to }, `${what} mail could not be sent`))
      .finally(() => pending.delete(sent));
    pending.add(sent);
  }

  async function takeOrRefuse(key: string, limit: number, what: string): Promise<boolean> {
    return throttle.take(key, limit, what).then(
      () => true,
      () => false,
    );
  }

  const mayRecover = (u: UserRow | undefined): u is UserRow & { email: string } =>
    !!u && !!u.email && u.role !== 'guest' && !u.removedAt && !u.deletedAt;

  async function forgotPassword(email: string, ip: string): Promise<{ message: string }> {
    await throttle.take(`forgot-ip:${ip}`, deps.limits.perIp, 'password reset requests from your network');
    const user = await users.byEmail(email);
    // counted for every address, known or not: the same work either way
    const allowed = await takeOrRefuse(`forgot:${email}`, MAILS_PER_ADDRESS, 'mails');
    if (allowed && mayRecover(user)) {
      const token = await emailTokens.issue(user.id, 'reset-password', {
        ttlSeconds: RESET_LINK_HOURS * 3600,
      });
      const link = `${deps.publicUrl()}/reset-password/${token}`;
      sendLater({ to: user.email, ...resetPasswordMail(user.username, link, RESET_LINK_HOURS) }, 'reset');
    } else {
      // what an issue costs: one write
      await throttle.peek(`forgot:${email}`);
    }
    return { message: FORGOT_ANSWER };
  }

  /** a link that does not work counts against the address it came from */
  async function spendOrCount<T>(ip: string, spend: () => Promise<T>): Promise<T> {
    const key = `bad-link-ip:${ip}`;
    // tokens cannot be guessed; this only keeps a scan slow
    if ((await throttle.peek(key)) >= deps.limits.perIp) {
      await throttle.take(key, deps.limits.perIp, 'links that did not work from your network');
    }
    try {
      return await spend();
    } catch (err) {
      if (err instanceof DomainError && err.code.startsWith('LINK_')) await throttle.hit(key);
      throw err;
    }
  }

  async function checkResetLink(token: string, ip: string): Promise<{ valid: true }> {
    await spendOrCount(ip, () => emailTokens.check(token, 'reset-password'));
    return { valid: true };
  }

  /** the new password ends every session; this browser is signed in afresh */
  async function resetPassword(token: string, newPassword: string, ip: string): Promise<LoginAnswer> {
    const { userId } = await spendOrCount(ip, () => emailTokens.spendLink(token, 'reset-password'));
    const user = await users.byId(userId);
    const updated = await users.update(user.id, {
      passwordHash: await hashPassword(newPassword),
      // the link came to this address: it is proved
      emailVerifiedAt: user.emailVerifiedAt ?? new Date(deps.clock.now()),
    });
    await Promise.all([
      emailTokens.revoke(user.id, 'reset-password'),
      // a change of address asked for by whoever had the old password does not go through
      emailTokens.revoke(user.id, 'change-email'),
      deps.auth.endAllSessions(user.id),
      // a player locked out by failed sign-ins gets in with the new password at once
      throttle.clear(`login:${user.id}`),
    ]);
    return deps.auth.signIn(updated);
  }

  async function changeEmail(
    userId: string,
    newEmail: string,
    password: string,
  ): Promise<{ message: string; pendingEmail: string }> {
    const user = await users.byId(userId);
    if (user.role === 'guest')
      throw new DomainError('FORBIDDEN', 'This needs a registered account. Sign up to keep it.');
    if (!user.passwordHash) {
      throw new DomainError(
        'BAD_REQUEST',
        `This account signs in with ${user.provider}, which gives its e-mail; it cannot be changed here.`,
      );
    }
    await throttle.take(`change-email:${user.id}`, CHANGES_PER_ACCOUNT, 'e-mail change requests');
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new DomainError('WRONG_PASSWORD', 'Your password is not right, so your e-mail was not changed.');
    }
    if (newEmail === user.email) {
      throw new DomainError('VALIDATION', 'That is already your e-mail address.');
    }
    const owner = await users.byEmail(newEmail);
    if (owner) {
      // the asker is not told that the address has an account; its owner is
      sendLater({ to: newEmail, ...addressTakenMail() }, 'address-taken');
    } else {
      await emailTokens.revoke(user.id, 'change-email');
      const token = await emailTokens.issue(user.id, 'change-email', { newEmail });
      const link = `${deps.publicUrl()}/email-change/${token}`;
      sendLater({ to: newEmail, ...confirmNewEmailMail(user.username, link) }, 'change-email');
    }
    return {
      pendingEmail: newEmail,
      message: `We sent a link to ${newEmail}. Open it to confirm your new address; until then you sign in with ${user.email}.`,
    };
  }

  async function confirmEmailChange(token: string, ip: string): Promise<{ email: string; message: string }> {
    const { userId, newEmail } = await spendOrCount(ip, () => emailTokens.spendLink(token, 'change-email'));
    const user = await users.byId(userId);
    if (!newEmail) throw new DomainError('LINK_INVALID', 'This link is not valid.');
    const taken = new DomainError(
      'EMAIL_TAKEN',
      'This address now belongs to another account, so your e-mail was not changed.',
    );
    const owner = await users.byEmail(newEmail);
    if (owner && owner.id !== user.id) throw taken;
    const oldEmail = user.email;
    const isAdmin = deps.adminEmails.includes(newEmail);
    let updated: UserRow;
    try {
      updated = await users.update(user.id, {
        email: newEmail,
        emailVerifiedAt: new Date(deps.clock.now()),
        ...(isAdmin && user.role === 'user' ? { role: 'admin' as const } : {}),
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw taken;
      throw err;
    }
    // links mailed to the old address stop working
    await Promise.all([
      emailTokens.revoke(user.id, 'reset-password'),
      emailTokens.revoke(user.id, 'verify-email'),
    ]);
    if (oldEmail && oldEmail !== newEmail) {
      sendLater({ to: oldEmail, ...emailChangedMail(updated.username, newEmail) }, 'email-changed');
    }
    return {
      email: newEmail,
      message: `Your e-mail is now ${newEmail}. Sign in with it from now on.`,
    };
  }

  return {
    forgotPassword,
    checkResetLink,
    resetPassword,
    changeEmail,
    confirmEmailChange,
    /** mails still on their way (tests, shutdown) */
    settled: () => Promise.all([...pending]).then(() => {}),
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
