import { useEffect } from 'react';
import { type LoadAds, nativeAds } from './native-ads.ts';

// the interstitial (§4): prepared when a game starts, shown when its results open, after a
// moment: the player sees the score first

export const INTERSTITIAL_DELAY_MS = 1500;

/** on the game page: null once the game is over (nothing to prepare for) */
export function usePrepareInterstitial(gameId: string | null, load: LoadAds = nativeAds): void {
  useEffect(() => {
    if (!gameId) return;
    void load().then((ads) => ads?.prepareInterstitial(gameId));
  }, [gameId, load]);
}

/** on the results page: null while the game is not finished. only an interstitial prepared for
 * this game in this tab is shown, so results opened later from the history show none */
export function useInterstitial(
  gameId: string | null,
  delayMs = INTERSTITIAL_DELAY_MS,
  load: LoadAds = nativeAds,
): void {
  useEffect(() => {
    if (!gameId) return;
    const timer = window.setTimeout(() => void load().then((ads) => ads?.showInterstitial(gameId)), delayMs);
    return () => window.clearTimeout(timer);
  }, [gameId, delayMs, load]);
}
