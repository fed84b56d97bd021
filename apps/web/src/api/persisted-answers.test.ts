import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { configQuery, languagesQuery } from './config.ts';
import { MAX_AGE_MS, persistAnswers, restorePersistedAnswers } from './persisted-answers.ts';

const config = {
  socialLogin: false,
  playStoreUrl: 'https://play.example',
  appStoreUrl: 'https://apps.example',
  ttsProvider: 'flite',
};
const languages = [{ name: 'English', enabled: true }];

afterEach(() => localStorage.clear());

async function answeredOnce() {
  const first = new QueryClient();
  const stop = persistAnswers(first);
  await first.fetchQuery({ ...configQuery, queryFn: async () => config });
  await first.fetchQuery({ ...languagesQuery, queryFn: async () => languages });
  // an account's answer is never kept
  await first.fetchQuery({ queryKey: ['profile'], queryFn: async () => ({ name: 'Ada' }) });
  stop();
}

describe('public api answers kept between visits', () => {
  it('gives a returning visitor the config and languages at once, stale, so they are refreshed', async () => {
    await answeredOnce();
    const next = new QueryClient();
    restorePersistedAnswers(next);
    expect(next.getQueryData(configQuery.queryKey)).toEqual(config);
    expect(next.getQueryData(languagesQuery.queryKey)).toEqual(languages);
    expect(next.getQueryState(configQuery.queryKey)?.isInvalidated).toBe(true);
    expect(next.getQueryData(['profile'])).toBeUndefined();
    expect(Object.keys(localStorage).some((k) => k.includes('profile'))).toBe(false);

    // used again, the kept answer is fetched anew in the background and the new one kept
    let fetched = 0;
    const fresh = { ...config, playStoreUrl: 'https://play.example/new' };
    persistAnswers(next);
    await next.prefetchQuery({
      ...configQuery,
      queryFn: async () => {
        fetched++;
        return fresh;
      },
    });
    expect(fetched).toBe(1);
    const again = new QueryClient();
    restorePersistedAnswers(again);
    expect(again.getQueryData(configQuery.queryKey)).toEqual(fresh);
  });

  it('drops an answer older than a week, from another version, or unreadable', async () => {
    await answeredOnce();
    const late = new QueryClient();
    restorePersistedAnswers(late, Date.now() + MAX_AGE_MS + 1);
    expect(late.getQueryData(configQuery.queryKey)).toBeUndefined();
    expect(localStorage.length).toBe(0);

    localStorage.setItem(`sayspell.answer.${JSON.stringify(configQuery.queryKey)}`, '{not json');
    localStorage.setItem(
      `sayspell.answer.${JSON.stringify(languagesQuery.queryKey)}`,
      JSON.stringify({ v: 0, at: Date.now(), data: languages }),
    );
    const broken = new QueryClient();
    restorePersistedAnswers(broken);
    expect(broken.getQueryData(configQuery.queryKey)).toBeUndefined();
    expect(broken.getQueryData(languagesQuery.queryKey)).toBeUndefined();
  });
});
