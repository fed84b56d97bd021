import type { LoginAnswer, UserView } from '@sayspell/core/protocol/auth';
import { queryOptions } from '@tanstack/react-query';
import { clearTokens, getRefreshToken, storeTokens } from '../auth/token-storage.ts';
import { loadUserBadge } from '../components/header-badge.ts';
import { logError } from '../platform/app-log.ts';
import { request } from './client.ts';
import { clearCurrentGameId } from './current-game-id.ts';
import { queryClient } from './query-client.ts';

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: () => request<UserView>('/v1/users/profile'),
  staleTime: Number.POSITIVE_INFINITY,
});

/** one click: a guest account, its tokens stored, its profile cached; the header badge's code is
 * fetched beside the request, so home shows with it at once */
export async function signInAsGuest(): Promise<UserView> {
  const [answer] = await Promise.all([
    request<LoginAnswer>('/v1/auth/login', { method: 'POST', body: { strategy: 'guest' }, auth: false }),
    loadUserBadge().catch(() => null),
  ]);
  queryClient.clear();
  clearCurrentGameId();
  storeTokens('guest', answer.token);
  queryClient.setQueryData(profileQuery.queryKey, answer.user);
  return answer.user;
}

/** revokes the refresh tokens on the server and forgets the session; a failure is only logged (§7, §8) */
export async function signOut(): Promise<void> {
  const refreshToken = getRefreshToken();
  await request('/api/auth/logout', {
    method: 'POST',
    body: refreshToken ? { refreshToken } : {},
    auth: false,
  }).catch((err: unknown) => logError('logout', err));
  clearTokens();
  clearCurrentGameId();
  queryClient.clear();
}
