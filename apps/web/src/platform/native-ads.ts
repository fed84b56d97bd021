import type { Ads } from './ads.ts';
import { isNative } from './platform.ts';

export type LoadAds = () => Promise<Ads | null>;

/** the app's ads in the mobile apps; on the web null, without importing the ad code */
export const nativeAds: LoadAds = async () => (isNative() ? (await import('./ads.ts')).ads : null);
