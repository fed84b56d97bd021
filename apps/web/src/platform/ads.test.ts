import { describe, expect, it } from 'vitest';
import { adsOn, flagsOff, flagsOn, recordingPlugin } from '../test/simulated-ads.ts';
import { adUnits } from './ad-units.ts';
import { admobPlugin } from './ads.ts';
import { readLog } from './app-log.ts';

describe('the banner', () => {
  it('is shown on a phone whose flag is on, with the defaults and the platform’s unit, and hidden', async () => {
    const { ads, plugin } = adsOn('android');
    expect(await ads.showBanner()).toBe(true);
    expect(await ads.hideBanner()).toBe(true);
    expect(plugin.calls).toEqual([
      ['initialize'],
      [
        'showBanner',
        {
          adId: 'ca-app-pub-3940256099942544/6300978111',
          adSize: 'MEDIUM_RECTANGLE',
          position: 'BOTTOM_CENTER',
          margin: 0,
        },
      ],
      ['hideBanner'],
    ]);
  });

  it('takes the iPhone’s own flag and unit', async () => {
    const { ads, plugin } = adsOn('ios', { ...flagsOff, iosAdsshow: true });
    expect(await ads.showBanner()).toBe(true);
    expect(plugin.calls[1]?.[1]).toMatchObject({ adId: 'ca-app-pub-3940256099942544/2934735716' });
    // android's flag does not count for an iPhone
    const other = adsOn('ios', { ...flagsOn, iosAdsshow: false });
    expect(await other.ads.showBanner()).toBe(false);
    expect(other.plugin.loads()).toBe(0);
  });

  it('is never asked for with the flag off: the plugin is not even loaded', async () => {
    const { ads, plugin } = adsOn('android', flagsOff);
    expect(await ads.showBanner()).toBe(false);
    expect(await ads.hideBanner()).toBe(false);
    expect(plugin.loads()).toBe(0);
  });

  it('is never asked for on the web, whatever the flags say', async () => {
    const { ads, plugin } = adsOn('web');
    expect(await ads.showBanner()).toBe(false);
    expect(plugin.loads()).toBe(0);
  });

  it('is not hidden when it was never shown', async () => {
    const { ads, plugin } = adsOn('android');
    await ads.prepareInterstitial('game-1');
    expect(await ads.hideBanner()).toBe(false);
    expect(plugin.calls.map((c) => c[0])).not.toContain('hideBanner');
  });

  it('fails quietly when the ad network cannot start: only logged, and tried again next time', async () => {
    const { ads, plugin } = adsOn('android', flagsOn, recordingPlugin({ failInit: true }));
    expect(await ads.showBanner()).toBe(false);
    expect(readLog().at(-1)).toMatchObject({ level: 'error', area: 'ads', message: 'no ad network' });
    expect(await ads.showBanner()).toBe(false);
    expect(plugin.calls.filter((c) => c[0] === 'initialize')).toHaveLength(2);
  });
});

describe('the interstitial', () => {
  it('is prepared when a game starts and shown with its results, once', async () => {
    const { ads, plugin } = adsOn('android');
    expect(await ads.prepareInterstitial('game-1')).toBe(true);
    expect(plugin.calls).toEqual([
      ['initialize'],
      ['prepareInterstitial', { adId: 'ca-app-pub-3940256099942544/1033173712' }],
    ]);
    expect(await ads.showInterstitial('game-1')).toBe(true);
    expect(plugin.calls.at(-1)).toEqual(['showInterstitial']);
    // the same results again (a reload, the history) show none
    expect(await ads.showInterstitial('game-1')).toBe(false);
    expect(plugin.calls.filter((c) => c[0] === 'showInterstitial')).toHaveLength(1);
  });

  it('waits for its preparation when the results open before the ad has loaded', async () => {
    const { ads, plugin } = adsOn('ios');
    void ads.prepareInterstitial('game-1');
    expect(await ads.showInterstitial('game-1')).toBe(true);
    expect(plugin.calls.map((c) => c[0])).toEqual(['initialize', 'prepareInterstitial', 'showInterstitial']);
  });

  it('is not shown for a game it was not prepared for', async () => {
    const { ads, plugin } = adsOn('android');
    await ads.prepareInterstitial('game-1');
    expect(await ads.showInterstitial('game-2')).toBe(false);
    expect(plugin.calls.map((c) => c[0])).not.toContain('showInterstitial');
  });

  it('is never prepared nor shown on the web, nor with the flag off', async () => {
    for (const { ads, plugin } of [adsOn('web'), adsOn('android', flagsOff)]) {
      expect(await ads.prepareInterstitial('game-1')).toBe(false);
      expect(await ads.showInterstitial('game-1')).toBe(false);
      expect(plugin.loads()).toBe(0);
    }
  });
});

describe('the ad units', () => {
  it('are the build’s (VITE_ADMOB_*), else Google’s sample units', () => {
    const units = adUnits({ VITE_ADMOB_ANDROID_BANNER: 'ca-app-pub-1/2', VITE_ADMOB_IOS_INTERSTITIAL: ' ' });
    expect(units.android.banner).toBe('ca-app-pub-1/2');
    expect(units.android.interstitial).toBe('ca-app-pub-3940256099942544/1033173712');
    expect(units.ios.interstitial).toBe('ca-app-pub-3940256099942544/4411468910');
  });
});

describe('the real AdMob plugin', () => {
  it('can be awaited and answers (in a browser, through its web stand-in)', async () => {
    // a promise resolved with Capacitor's plugin proxy itself would never settle
    const plugin = await Promise.race([
      admobPlugin(),
      new Promise((r) => setTimeout(() => r('stuck'), 2000)),
    ]);
    expect(plugin).not.toBe('stuck');
    await expect((plugin as Awaited<ReturnType<typeof admobPlugin>>).initialize()).resolves.toBeUndefined();
  });
});
