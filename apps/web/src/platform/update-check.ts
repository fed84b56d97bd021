import { APP_VERSION, type Platform } from '@sayspell/core/constants';

export interface UpdateRequirements {
  androidUpdate: number;
  iosUpdate: number;
  iosAdsshow: boolean;
  androidAdsshow: boolean;
}

/** an update is offered when the store's version is higher than this app's (§9) */
export function needsUpdate(platform: Platform, req: UpdateRequirements, version = APP_VERSION): boolean {
  if (platform === 'android') return Number(req.androidUpdate) > version;
  if (platform === 'ios') return Number(req.iosUpdate) > version;
  return false;
}

/** ad requests need the backend flag for the platform; never on the web (§4, §5) */
export function adsAllowed(platform: Platform, req: UpdateRequirements): boolean {
  if (platform === 'android') return req.androidAdsshow === true;
  if (platform === 'ios') return req.iosAdsshow === true;
  return false;
}
