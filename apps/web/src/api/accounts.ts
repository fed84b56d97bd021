import type {
  Avatar,
  Demographic,
  RegisterInput,
  SocialProvider,
  UserSettings,
} from '@sayspell/core/protocol/account';
import type { LoginAnswer, UserView } from '@sayspell/core/protocol/auth';
import { queryOptions } from '@tanstack/react-query';
import { getStrategy, type Strategy, storeTokens } from '../auth/token-storage.ts';
import { profileQuery } from './auth.ts';
import { request, whileSessionComes } from './client.ts';
import { clearCurrentGameId } from './current-game-id.ts';
import { queryClient } from './query-client.ts';

// registered accounts (issue 3): the calls of docs/api.md "Accounts", typed with core's schemas

/** stores a fresh session: tokens under the strategy's keys, the profile in the cache */
export function startSession(strategy: Strategy, answer: LoginAnswer): UserView {
  queryClient.clear();
  clearCurrentGameId();
  storeTokens(strategy, answer.token);
  queryClient.setQueryData(profileQuery.queryKey, answer.user);
  return answer.user;
}

export async function signInLocal(username: string, password: string): Promise<UserView> {
  const answer = await request<LoginAnswer>('/v1/auth/login', {
    method: 'POST',
    body: { strategy: 'local', username, password },
    auth: false,
  });
  return startSession('local', answer);
}

/** the provider sent the browser back to /login with code and state */
export async function signInSocial(
  strategy: Exclude<SocialProvider, 'apple'>,
  code: string,
  state: string,
): Promise<UserView> {
  const answer = await request<LoginAnswer>('/v1/auth/login', {
    method: 'POST',
    body: { strategy, code, state },
    auth: false,
  });
  return startSession(strategy, answer);
}

/** the native Apple sign-in's identity token, exchanged for a session (mobile only, §1) */
export async function signInApple(identity: {
  idToken: string;
  nonce: string;
  name?: string;
}): Promise<UserView> {
  const answer = await request<LoginAnswer>('/v1/auth/login', {
    method: 'POST',
    body: { strategy: 'apple', ...identity },
    auth: false,
  });
  return startSession('apple', answer);
}

export function register(input: RegisterInput): Promise<{ message: string; email: string }> {
  return request('/v1/auth/register', { method: 'POST', body: input, auth: false });
}

/** a signed ticket that lets the account about to be registered keep this guest's games */
export async function claimGuest(): Promise<string> {
  const { guestClaim } = await request<{ guestClaim: string }>('/v1/auth/guest-claim', { method: 'POST' });
  return guestClaim;
}

export function verifyEmail(token: string): Promise<{ message: string; email: string }> {
  return request('/v1/auth/verify-email', { method: 'POST', body: { token }, auth: false });
}

export function resendVerification(email: string): Promise<{ message: string }> {
  return request('/v1/auth/resend-verification', { method: 'POST', body: { email }, auth: false });
}

function cacheProfile(user: UserView): UserView {
  queryClient.setQueryData(profileQuery.queryKey, user);
  return user;
}

export async function updateProfile(body: { name?: string; username?: string }): Promise<UserView> {
  return cacheProfile(await request<UserView>('/v1/users/profile', { method: 'PATCH', body }));
}

/** a new password signs every other session out; the server hands this tab a fresh session */
export function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  return whileSessionComes(async () => {
    const answer = await request<LoginAnswer | undefined>('/v1/users/change-password', {
      method: 'POST',
      body: { currentPassword, newPassword },
    });
    if (answer?.token) storeTokens(getStrategy() as Strategy, answer.token);
  });
}

export function deleteAccount(body: { password: string } | { confirm: 'DELETE' }): Promise<void> {
  return request('/v1/users/profile', { method: 'DELETE', body });
}

export async function setAvatar(picture: Avatar | null): Promise<UserView> {
  return cacheProfile(await request<UserView>('/v1/users/avatar', { method: 'POST', body: { picture } }));
}

export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: () => request<UserSettings>('/v1/users/settings'),
  staleTime: Number.POSITIVE_INFINITY,
});

export async function saveSettings(settings: UserSettings): Promise<UserSettings> {
  const saved = await request<UserSettings>('/v1/users/settings', { method: 'PUT', body: settings });
  queryClient.setQueryData(settingsQuery.queryKey, saved);
  return saved;
}

export async function confirmEula(userId: string): Promise<void> {
  await request('/v1/users/confirm-eula', { method: 'POST', body: { userId } });
  queryClient.setQueryData<UserView>(profileQuery.queryKey, (u) =>
    u ? { ...u, hasConfirmedEULA: true } : u,
  );
}

export async function saveDemographic(demographic: Demographic): Promise<UserView> {
  return cacheProfile(
    await request<UserView>('/v1/users/demographics', { method: 'POST', body: demographic }),
  );
}

export function avatarUrl(picture: string | null | undefined): string | null {
  return picture ? `/v1/avatar/${picture}` : null;
}
