import {
  AUTH_STORAGE_PREFIX,
  DEFAULT_AUTH_STRATEGY,
  REFRESH_TOKEN_STORAGE_PREFIX,
  TOKEN_STORAGE_PREFIX,
} from '@sayspell/core/constants';
import type { TokenPair } from '@sayspell/core/protocol/auth';

// tokens live in localStorage under the spec's keys (§9):
// auth.strategy, auth._token.{strategy}, auth._refresh_token.{strategy}

/** how the session was opened: the key its tokens are stored under */
export type Strategy = 'guest' | 'local' | 'google' | 'facebook' | 'apple';

const strategyKey = `${AUTH_STORAGE_PREFIX}strategy`;
const tokenKey = (s: string) => `${AUTH_STORAGE_PREFIX}${TOKEN_STORAGE_PREFIX}${s}`;
const refreshKey = (s: string) => `${AUTH_STORAGE_PREFIX}${REFRESH_TOKEN_STORAGE_PREFIX}${s}`;

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeTokens(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getStrategy(): string {
  return localStorage.getItem(strategyKey) ?? DEFAULT_AUTH_STRATEGY;
}

export function getAccessToken(): string | null {
  return localStorage.getItem(tokenKey(getStrategy()));
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(refreshKey(getStrategy()));
}

export function isSignedIn(): boolean {
  return getAccessToken() !== null;
}

export function storeTokens(
  strategy: Strategy,
  token: Pick<TokenPair, 'accessToken' | 'refreshToken'>,
): void {
  localStorage.setItem(strategyKey, strategy);
  localStorage.setItem(tokenKey(strategy), token.accessToken);
  localStorage.setItem(refreshKey(strategy), token.refreshToken);
  emit();
}

export function clearTokens(): void {
  const strategy = getStrategy();
  localStorage.removeItem(tokenKey(strategy));
  localStorage.removeItem(refreshKey(strategy));
  localStorage.removeItem(strategyKey);
  emit();
}

// another tab signing in or out changes what this tab may show
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key.startsWith(AUTH_STORAGE_PREFIX)) emit();
  });
}
