import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adsOn, flagsOff, flagsOn, recordingPlugin, simulated } from '../test/simulated-ads.ts';
import { adUnits } from './ad-units.ts';
import { createAds } from './ads.ts';
import { nativeAds } from './native-ads.ts';
import type { UpdateRequirements } from './update-check.ts';
import { useAdBanner } from './use-ad-banner.ts';

const names = (calls: unknown[][]) => calls.map((c) => c[0]);

describe('the banner of a page', () => {
  it('shows on a simulated phone with the flag on, and goes when the page is left', async () => {
    const { ads, plugin } = adsOn('android');
    const page = renderHook(() => useAdBanner(async () => ads));
    await waitFor(() => expect(names(plugin.calls)).toEqual(['initialize', 'showBanner']));
    page.unmount();
    await waitFor(() => expect(names(plugin.calls)).toEqual(['initialize', 'showBanner', 'hideBanner']));
  });

  it('is hidden too when the page is left while the banner is still on its way', async () => {
    const plugin = recordingPlugin();
    let answer: ((flags: UpdateRequirements) => void) | undefined;
    // the server's flags are slow to come
    const ads = createAds({
      where: simulated('android'),
      units: adUnits({}),
      flags: () => new Promise((resolve) => (answer = resolve)),
      plugin: plugin.load,
    });
    const page = renderHook(() => useAdBanner(async () => ads));
    await waitFor(() => expect(answer).toBeDefined());
    page.unmount();
    answer?.(flagsOn);
    await waitFor(() => expect(names(plugin.calls)).toEqual(['initialize', 'showBanner', 'hideBanner']));
  });

  it('is not even asked for when the page is left before the ads are loaded', async () => {
    const { ads, plugin } = adsOn('ios');
    renderHook(() => useAdBanner(async () => ads)).unmount();
    await new Promise((r) => setTimeout(r, 20));
    expect(plugin.calls).toEqual([]);
  });

  it('never shows with the flag off, nor on the web', async () => {
    for (const { ads, plugin } of [adsOn('android', flagsOff), adsOn('web')]) {
      const page = renderHook(() => useAdBanner(async () => ads));
      await new Promise((r) => setTimeout(r, 20));
      page.unmount();
      await new Promise((r) => setTimeout(r, 20));
      expect(plugin.loads()).toBe(0);
      expect(plugin.calls).toEqual([]);
    }
  });

  it('on the web, the ad code itself is never loaded', async () => {
    // jsdom is a browser without Capacitor and without ?platform=: the web
    expect(await nativeAds()).toBeNull();
  });
});
