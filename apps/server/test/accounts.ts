import { randomBytes } from 'node:crypto';
import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import { expect } from 'vitest';
import { api } from './harness.ts';
import { linkIn, type SmtpPeer } from './support/smtp-peer.ts';

// registered accounts for tests: sign up through the API, take the link out of the real mail,
// verify, sign in

let counter = 0;
export function newAccount(prefix = 'player') {
  counter++;
  // random: test files run in parallel, and the PostgreSQL suites share one database across runs
  const tag = `${randomBytes(3).toString('hex')}${counter}`;
  return { username: `${prefix}${tag}`, email: `${prefix}${tag}@example.org`, password: 'correct horse 42' };
}

export async function login(url: string, username: string, password: string) {
  return api<LoginAnswer & { code?: string; message?: string }>(url, 'POST', '/v1/auth/login', {
    body: { strategy: 'local', username, password },
  });
}

/** the verification token from the last mail to `email` */
export async function verificationToken(smtp: SmtpPeer, email: string) {
  const mail = await smtp.waitForMail(email);
  const link = linkIn(mail, '/email-verification/');
  return link.split('/email-verification/')[1] as string;
}

export async function registeredUser(
  url: string,
  smtp: SmtpPeer,
  account = newAccount(),
  extra: Record<string, unknown> = {},
): Promise<LoginAnswer & { account: ReturnType<typeof newAccount> }> {
  const reg = await api(url, 'POST', '/v1/auth/register', { body: { ...account, ...extra } });
  expect(reg.status, reg.text).toBe(201);
  const token = await verificationToken(smtp, account.email);
  const verified = await api(url, 'POST', '/v1/auth/verify-email', { body: { token } });
  expect(verified.status, verified.text).toBe(200);
  const res = await login(url, account.username, account.password);
  expect(res.status, res.text).toBe(200);
  return { ...res.body, account };
}
