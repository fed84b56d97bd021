import type { LoginAnswer, UserView } from '@sayspell/core/protocol/auth';
import { startSession } from './accounts.ts';
import { request } from './client.ts';

// account recovery (issue 15 item 6): a forgotten password by a mailed link, and a change of e-mail
// confirmed from the new address. the server answers the same whether or not an address is known

export function forgotPassword(email: string): Promise<{ message: string }> {
  return request('/v1/auth/forgot-password', { method: 'POST', body: { email }, auth: false });
}

/** whether a reset link still works (nothing is spent): resolves, or throws the reason */
export function checkResetLink(token: string): Promise<{ valid: true }> {
  return request('/v1/auth/reset-link', { method: 'POST', body: { token }, auth: false });
}

/** the new password ends every session; this browser is signed in afresh */
export async function resetPassword(token: string, newPassword: string): Promise<UserView> {
  const answer = await request<LoginAnswer>('/v1/auth/reset-password', {
    method: 'POST',
    body: { token, newPassword },
    auth: false,
  });
  return startSession('local', answer);
}

export function changeEmail(
  newEmail: string,
  password: string,
): Promise<{ message: string; pendingEmail: string }> {
  return request('/v1/users/change-email', { method: 'POST', body: { newEmail, password } });
}

/** opened from the new address's mail, perhaps in another browser: the link is the proof */
export function confirmEmailChange(token: string): Promise<{ email: string; message: string }> {
  return request('/v1/auth/confirm-email-change', { method: 'POST', body: { token }, auth: false });
}
