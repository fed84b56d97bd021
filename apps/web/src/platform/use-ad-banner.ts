import { useEffect } from 'react';
import { request } from '../api/client.ts';
import { logError } from './app-log.ts';
import { isNative } from './platform.ts';
import type { UpdateRequirements } from './update-check.ts';

/** a banner while this page is open, in the mobile apps when the server allows (§1, §4) */
export function useAdBanner(): void {
  useEffect(() => {
    if (!isNative()) return;
    let left = false;
    void (async () => {
      try {
        const flags = await request<UpdateRequirements>('/v1/users/getUpdateReq', { auth: false });
        const ads = await import('./ads.ts');
        if (!left) await ads.showBanner(flags);
      } catch (err) {
        logError('ads', err);
      }
    })();
    return () => {
      left = true;
      void import('./ads.ts').then((ads) => ads.hideBanner());
    };
  }, []);
}
