import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import { type ExpiryReason, sessionExpired } from '../auth/session-expired.ts';
import {
  clearTokens,
  getAccessToken,
  getRefreshToken,
  getStrategy,
  type Strategy,
  storeTokens,
} from '../auth/token-storage.ts';
import { ApiRequestError, isApiError, networkError } from './api-error.ts';

// the typed fetch client: bearer token, one shared refresh on a 401, one retry

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** send the bearer token (default true) */
  auth?: boolean;
  signal?: AbortSignal;
  /** ask for json (default); off for binary answers */
  accept?: false;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.accept !== false) headers.Accept = 'application/json';
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw networkError();
  }
}

async function readError(res: Response): Promise<ApiRequestError> {
  const body: unknown = await res.json().catch(() => null);
  if (isApiError(body)) return new ApiRequestError(body);
  return new ApiRequestError({
    statusCode: res.status,
    error: res.statusText || 'Error',
    message: `Something went wrong (${res.status}). Please try again.`,
  });
}

let refreshing: Promise<string> | null = null;

/** renews the tokens; concurrent callers share one request. resolves to the new access token */
export function refreshTokens(): Promise<string> {
  if (!refreshing) {
    const spent = getRefreshToken();
    refreshing = acrossTabs(() => {
      // another tab may have renewed the shared tokens while this one waited for the lock
      const newer = newerSession(spent);
      return newer ? Promise.resolve(newer) : doRefresh();
    }).finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/** one refresh at a time across this browser's tabs: they share the tokens in localStorage, and a
 * refresh token presented twice revokes the whole session (reuse detection) */
function acrossTabs<T>(renew: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('sayspell.refresh', renew) : renew();
}

/** the access token of a session stored since `spent` was the refresh token, if there is one */
function newerSession(spent: string | null): string | null {
  const [current, access] = [getRefreshToken(), getAccessToken()];
  return current && access && current !== spent ? access : null;
}

/** requests whose answer is a fresh session for this tab (a password change), until it is stored */
const sessionsComing = new Set<Promise<unknown>>();
/** how long a refused refresh waits for such an answer before it ends the session */
const SESSION_COMING_WAIT_MS = 3_000;

/**
 * runs a request that answers with a fresh session and stores it: a refresh refused meanwhile waits
 * for it (see doRefresh) instead of signing the tab out
 */
export function whileSessionComes<T>(run: () => Promise<T>): Promise<T> {
  const answer = run();
  const settled = answer.catch(() => {});
  sessionsComing.add(settled);
  void settled.finally(() => sessionsComing.delete(settled));
  return answer;
}

async function doRefresh(): Promise<string> {
  const refreshToken = getRefreshToken();
  const strategy = getStrategy();
  if (!refreshToken) return expire();
  const res = await send('/v1/auth/refresh', { method: 'POST', body: { refreshToken } }, null);
  // a password change answers with a fresh session and signs the old one out at once: its sockets
  // are closed, reconnect with the old token, are refused, and refresh with the old refresh token,
  // which can come back refused before the change's own answer arrives (an e2e run found it). a
  // refused refresh waits for such an answer (bounded: the change's own request may be the one
  // waiting on this refresh)
  if (!res.ok && sessionsComing.size > 0) {
    await Promise.race([
      Promise.all([...sessionsComing]),
      new Promise((r) => setTimeout(r, SESSION_COMING_WAIT_MS)),
    ]);
  }
  // a session stored while this refresh was on its way wins over its answer, refused or not: the
  // old session's tokens must not overwrite the fresh one
  const newer = newerSession(refreshToken);
  if (newer) return newer;
  if (!res.ok) {
    // a server that is down is not a spent session: keep the tokens for the next try
    if (res.status >= 500) throw await readError(res);
    const err = await readError(res);
    return expire(err.code === 'ACCOUNT_REMOVED' ? 'removed' : 'ended');
  }
  const answer = (await res.json()) as LoginAnswer;
  storeTokens(strategy as Strategy, answer.token);
  return answer.token.accessToken;
}

function expire(reason: ExpiryReason = 'ended'): never {
  clearTokens();
  sessionExpired(reason);
  throw new ApiRequestError({
    statusCode: 401,
    error: 'Unauthorized',
    message: 'Your session has ended. Please sign in again.',
  });
}

/** the token to retry with: a newer one another request already fetched, else a fresh one */
function renewedToken(rejected: string): Promise<string> {
  const current = getAccessToken();
  return current && current !== rejected ? Promise.resolve(current) : refreshTokens();
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const withAuth = options.auth ?? true;
  const token = withAuth ? getAccessToken() : null;
  let res = await send(path, options, token);
  if (res.status === 401 && withAuth && token) res = await send(path, options, await renewedToken(token));
  if (!res.ok) throw await readError(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('Content-Type') ?? '';
  return (type.includes('json') ? await res.json() : await res.text()) as T;
}

/** a request that must outlive the page (pagehide): no retry, no answer */
export function beacon(path: string, body?: unknown, method: 'POST' | 'DELETE' = 'POST'): void {
  const token = getAccessToken();
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    keepalive: true,
  }).catch(() => {});
}

/** fetches binary data (the word audio) with the same auth handling */
export async function requestBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = getAccessToken();
  let res = await send(path, { accept: false, signal }, token);
  if (res.status === 401 && token)
    res = await send(path, { accept: false, signal }, await renewedToken(token));
  if (!res.ok) throw await readError(res);
  return res.blob();
}
