import { describe, expect, it } from 'vitest';
import { shouldReload } from './chunk-reload.ts';
import { detectPlatform } from './platform.ts';
import { adsAllowed, needsUpdate } from './update-check.ts';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};

describe('the platform', () => {
  it('is web in a browser, what Capacitor says in the apps, or what a test simulates', () => {
    expect(detectPlatform({ location: { search: '' } }, memory())).toBe('web');
    expect(
      detectPlatform({ Capacitor: { getPlatform: () => 'ios' }, location: { search: '' } }, memory()),
    ).toBe('ios');
    const store = memory();
    expect(detectPlatform({ location: { search: '?platform=android' } }, store)).toBe('android');
    // the simulation is kept for the tab
    expect(detectPlatform({ location: { search: '' } }, store)).toBe('android');
    expect(detectPlatform({ location: { search: '?platform=windows' } }, memory())).toBe('web');
  });
});

describe('updates and ads', () => {
  const req = { androidUpdate: 8, iosUpdate: 7, androidAdsshow: true, iosAdsshow: false };
  it('offers an update only when the store has a higher version than 7', () => {
    expect(needsUpdate('android', req)).toBe(true);
    expect(needsUpdate('ios', req)).toBe(false);
    expect(needsUpdate('web', req)).toBe(false);
  });
  it('allows ads only on a mobile platform whose flag is on', () => {
    expect(adsAllowed('android', req)).toBe(true);
    expect(adsAllowed('ios', req)).toBe(false);
    expect(adsAllowed('web', { ...req, iosAdsshow: true })).toBe(false);
  });
});

describe('the chunk reload guard', () => {
  it('reloads at most once a minute', () => {
    const store = memory();
    expect(shouldReload(1_000_000, store)).toBe(true);
    expect(shouldReload(1_030_000, store)).toBe(false);
    expect(shouldReload(1_060_001, store)).toBe(true);
  });
});
