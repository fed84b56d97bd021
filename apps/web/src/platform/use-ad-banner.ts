import { useEffect } from 'react';
import { type LoadAds, nativeAds } from './native-ads.ts';

/** a banner while this page is open, in the mobile apps when the server allows (§1, §4) */
export function useAdBanner(load: LoadAds = nativeAds): void {
  useEffect(() => {
    let left = false;
    const shown = load().then(async (ads) => {
      if (ads && !left) await ads.showBanner();
      return ads;
    });
    return () => {
      left = true;
      // after the showing, so a banner still on its way is hidden too
      void shown.then((ads) => ads?.hideBanner());
    };
  }, [load]);
}
