import type { Platform } from '@sayspell/core/constants';
import { adUnits } from '../platform/ad-units.ts';
import { type AdPlugin, createAds } from '../platform/ads.ts';
import { detectPlatform } from '../platform/platform.ts';
import type { UpdateRequirements } from '../platform/update-check.ts';

// the ads with the platform simulated as a test or developer does it (?platform=android), the
// server's flags as given, and a stand-in for the native AdMob plugin that records what it is asked

export function simulated(where: Platform): Platform {
  const store = new Map<string, string>();
  return detectPlatform(
    { location: { search: `?platform=${where}` } },
    { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
  );
}

export function recordingPlugin({ failInit = false } = {}) {
  const calls: unknown[][] = [];
  let loads = 0;
  const plugin: AdPlugin = {
    initialize: async () => {
      calls.push(['initialize']);
      if (failInit) throw new Error('no ad network');
    },
    showBanner: async (options) => void calls.push(['showBanner', options]),
    hideBanner: async () => void calls.push(['hideBanner']),
    prepareInterstitial: async (options) => void calls.push(['prepareInterstitial', options]),
    showInterstitial: async () => void calls.push(['showInterstitial']),
  };
  return {
    calls,
    loads: () => loads,
    load: async () => {
      loads++;
      return plugin;
    },
  };
}

export const flagsOn: UpdateRequirements = {
  androidUpdate: 7,
  iosUpdate: 7,
  androidAdsshow: true,
  iosAdsshow: true,
};
export const flagsOff: UpdateRequirements = { ...flagsOn, androidAdsshow: false, iosAdsshow: false };

export function adsOn(where: Platform, flags = flagsOn, plugin = recordingPlugin()) {
  return {
    plugin,
    ads: createAds({
      where: simulated(where),
      units: adUnits({}),
      flags: async () => flags,
      plugin: plugin.load,
    }),
  };
}
