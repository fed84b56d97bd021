import { logError } from './app-log.ts';
import { platform } from './platform.ts';
import { adsAllowed, type UpdateRequirements } from './update-check.ts';

// ads (§1, §4, §9): banner and interstitial through the AdMob plugin, in the mobile apps only and
// only when the server's flag for the platform allows. on the web nothing is loaded at all: the
// plugin is imported on demand, behind the platform check

/** §9 banner defaults: BOTTOM_RIGHT, margin 0, MEDIUM_RECTANGLE. AdMob positions banners
 * top, centre or bottom, centred: bottom-centre is the nearest */
export const BANNER = { size: 'MEDIUM_RECTANGLE', position: 'BOTTOM_CENTER', margin: 0 } as const;

const AD_UNITS = {
  android: {
    banner: 'ca-app-pub-3940256099942544/6300978111',
    interstitial: 'ca-app-pub-3940256099942544/1033173712',
  },
  ios: {
    banner: 'ca-app-pub-3940256099942544/2934735716',
    interstitial: 'ca-app-pub-3940256099942544/4411468910',
  },
};

let ready: Promise<typeof import('@capacitor-community/admob')> | undefined;

async function admob(flags: UpdateRequirements) {
  const where = platform();
  if (where === 'web' || !adsAllowed(where, flags)) return undefined;
  ready ??= import('@capacitor-community/admob').then(async (m) => {
    await m.AdMob.initialize();
    return m;
  });
  return { m: await ready, units: AD_UNITS[where] };
}

export async function showBanner(flags: UpdateRequirements): Promise<boolean> {
  try {
    const ad = await admob(flags);
    if (!ad) return false;
    await ad.m.AdMob.showBanner({
      adId: ad.units.banner,
      adSize: ad.m.BannerAdSize.MEDIUM_RECTANGLE,
      position: ad.m.BannerAdPosition.BOTTOM_CENTER,
      margin: BANNER.margin,
    });
    return true;
  } catch (err) {
    logError('ads', err); // only logged (§8: ad initialisation)
    return false;
  }
}

/** the banner goes when its page is left (§4) */
export async function hideBanner(): Promise<void> {
  if (!ready) return;
  try {
    await (await ready).AdMob.hideBanner();
  } catch (err) {
    logError('ads', err);
  }
}

/** prepared first, then shown after an optional delay (§4) */
export async function showInterstitial(flags: UpdateRequirements, delayMs = 0): Promise<boolean> {
  try {
    const ad = await admob(flags);
    if (!ad) return false;
    await ad.m.AdMob.prepareInterstitial({ adId: ad.units.interstitial });
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    await ad.m.AdMob.showInterstitial();
    return true;
  } catch (err) {
    logError('ads', err);
    return false;
  }
}
