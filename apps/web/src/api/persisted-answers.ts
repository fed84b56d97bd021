import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { configQuery, languagesQuery } from './config.ts';

// issue 22: the api answers that are the same for everyone and change rarely (the public config:
// store links, sign-in methods; the languages offered) are kept in localStorage, so a returning
// visitor's page shows them at once instead of waiting on the network. they come back marked with
// the time they were fetched: react-query refreshes them in the background as any stale answer
// (the config at once, the languages after their 10 minutes). nothing of an account is kept here:
// a shared device could show it to the next person

const PERSISTED: QueryKey[] = [configQuery.queryKey, languagesQuery.queryKey];
const PREFIX = 'sayspell.answer.';
// a stored answer older than this is not used (and the shape of an answer may change with a release)
export const MAX_AGE_MS = 7 * 24 * 60 * 60_000;
const VERSION = 1;

interface Stored {
  v: number;
  at: number;
  data: unknown;
}

const storageKey = (key: QueryKey) => PREFIX + JSON.stringify(key);

/** puts the kept answers into the client, stale, before the first page asks for them */
export function restorePersistedAnswers(client: QueryClient, now = Date.now()): void {
  for (const key of PERSISTED) {
    let stored: Stored | null = null;
    try {
      stored = JSON.parse(localStorage.getItem(storageKey(key)) ?? 'null') as Stored | null;
    } catch {
      stored = null;
    }
    if (!stored || stored.v !== VERSION || stored.data == null || !(now - stored.at < MAX_AGE_MS)) {
      localStorage.removeItem(storageKey(key));
      continue;
    }
    client.setQueryData(key, stored.data, { updatedAt: stored.at });
    // whatever its stale time, a kept answer is refreshed the first time it is used
    void client.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }
}

/** keeps every successful answer of those queries from now on */
export function persistAnswers(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const key = event.query.queryKey;
    if (!PERSISTED.some((k) => JSON.stringify(k) === JSON.stringify(key))) return;
    // an answer put back from storage is not written again
    if (event.action.manual) return;
    try {
      const stored: Stored = {
        v: VERSION,
        at: event.query.state.dataUpdatedAt,
        data: event.query.state.data,
      };
      localStorage.setItem(storageKey(key), JSON.stringify(stored));
    } catch {
      // storage full or refused (private mode): the answer is simply not kept
    }
  });
}

/** the app's own client: kept answers in before the router's loaders first ask (main.tsx) */
export function keepPublicAnswers(client: QueryClient): void {
  restorePersistedAnswers(client);
  persistAnswers(client);
}
