import type { BannerAdOptions } from '@capacitor-community/admob';
import type { Platform } from '@sayspell/core/constants';
import { request } from '../api/client.ts';
import { type AdUnits, adUnits } from './ad-units.ts';
import { logError } from './app-log.ts';
import { platform } from './platform.ts';
import { adsAllowed, type UpdateRequirements } from './update-check.ts';

// ads (§1, §4, §5, §9): banner and interstitial through the AdMob plugin, in the mobile apps only
// and only when the server's flag for the platform allows. this module is imported on demand behind
// the platform check (native-ads.ts): on the web neither it nor the plugin ever runs (the service
// worker still keeps their files with the rest of the app)

/** §9 banner defaults: BOTTOM_RIGHT, margin 0, MEDIUM_RECTANGLE. AdMob positions banners
 * top, centre or bottom, centred: bottom-centre is the nearest */
export const BANNER = { adSize: 'MEDIUM_RECTANGLE', position: 'BOTTOM_CENTER', margin: 0 } as const;

/** the part of the AdMob plugin used here */
export interface AdPlugin {
  initialize(): Promise<void>;
  showBanner(options: { adId: string } & typeof BANNER): Promise<void>;
  hideBanner(): Promise<void>;
  prepareInterstitial(options: { adId: string }): Promise<unknown>;
  showInterstitial(): Promise<void>;
}

export interface AdEnv {
  where: Platform;
  units: Record<'android' | 'ios', AdUnits>;
  /** the server's answer to GET /v1/users/getUpdateReq, asked before every ad */
  flags(): Promise<UpdateRequirements>;
  plugin(): Promise<AdPlugin>;
}

export type Ads = ReturnType<typeof createAds>;

export function createAds(env: AdEnv) {
  let ready: Promise<AdPlugin> | undefined;
  let bannerShown = false;
  let interstitial: { gameId: string; prepared: Promise<boolean> } | undefined;

  /** the initialised plugin when this platform may show ads now, else undefined */
  async function allowed(): Promise<{ plugin: AdPlugin; units: AdUnits } | undefined> {
    const where = env.where;
    if (where === 'web' || !adsAllowed(where, await env.flags())) return undefined;
    ready ??= env
      .plugin()
      .then(async (plugin) => {
        await plugin.initialize();
        return plugin;
      })
      .catch((err: unknown) => {
        // a failed initialisation is tried again with the next ad
        ready = undefined;
        throw err;
      });
    return { plugin: await ready, units: env.units[where] };
  }

  /** never throws: an ad that fails is only logged (§8: ad initialisation) */
  async function attempt(action: () => Promise<boolean>): Promise<boolean> {
    try {
      return await action();
    } catch (err) {
      logError('ads', err);
      return false;
    }
  }

  return {
    /** the banner of a page, while it is open (§4) */
    showBanner: () =>
      attempt(async () => {
        const ad = await allowed();
        if (!ad) return false;
        await ad.plugin.showBanner({ adId: ad.units.banner, ...BANNER });
        bannerShown = true;
        return true;
      }),

    /** the banner goes when its page is left (§4) */
    hideBanner: () =>
      attempt(async () => {
        if (!bannerShown || !ready) return false;
        bannerShown = false;
        await (await ready).hideBanner();
        return true;
      }),

    /** loads an interstitial while a game is played, so it is ready when the game ends (§4) */
    prepareInterstitial(gameId: string): Promise<boolean> {
      const prepared = attempt(async () => {
        const ad = await allowed();
        if (!ad) return false;
        await ad.plugin.prepareInterstitial({ adId: ad.units.interstitial });
        return true;
      });
      interstitial = { gameId, prepared };
      return prepared;
    },

    /** shows the interstitial prepared for this game, once: not for games opened from the history */
    async showInterstitial(gameId: string): Promise<boolean> {
      const mine = interstitial?.gameId === gameId ? interstitial : undefined;
      if (!mine) return false;
      interstitial = undefined;
      return attempt(async () => {
        if (!(await mine.prepared) || !ready) return false;
        await (await ready).showInterstitial();
        return true;
      });
    },
  };
}

/** the real plugin, wrapped: Capacitor's plugin proxy answers every property, `then` included, so
 * a promise resolved with the proxy itself would wait forever for a `then` that never calls back */
export async function admobPlugin(): Promise<AdPlugin> {
  const { AdMob } = await import('@capacitor-community/admob');
  return {
    initialize: () => AdMob.initialize(),
    // the plugin's enums are the same strings as BANNER's
    showBanner: (options) => AdMob.showBanner(options as unknown as BannerAdOptions),
    hideBanner: () => AdMob.hideBanner(),
    prepareInterstitial: (options) => AdMob.prepareInterstitial(options),
    showInterstitial: () => AdMob.showInterstitial(),
  };
}

/** the app's ads: where it runs, the build's ad units, the server's flags, the real plugin */
export const ads = createAds({
  where: platform(),
  units: adUnits(),
  flags: () => request<UpdateRequirements>('/v1/users/getUpdateReq', { auth: false }),
  plugin: admobPlugin,
});
