import { PLATFORMS, type Platform } from '@sayspell/core/constants';

// the one place that knows where the app runs (§1 platforms web, ios, android). in the mobile
// apps Capacitor tells; on the web a test or a developer may simulate a platform with
// ?platform=android (kept for the tab), so mobile-only behaviour is tested in a browser

const OVERRIDE_KEY = 'sayspell.platform';

interface CapacitorGlobal {
  getPlatform?: () => string;
}

export function detectPlatform(
  win: { Capacitor?: CapacitorGlobal; location?: { search: string } } = window as never,
  store: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
): Platform {
  const asked = new URLSearchParams(win.location?.search ?? '').get('platform');
  if (asked && (PLATFORMS as readonly string[]).includes(asked)) store.setItem(OVERRIDE_KEY, asked);
  const simulated = store.getItem(OVERRIDE_KEY);
  if (simulated && (PLATFORMS as readonly string[]).includes(simulated)) return simulated as Platform;
  const native = win.Capacitor?.getPlatform?.();
  return native === 'ios' || native === 'android' ? native : 'web';
}

let current: Platform | undefined;

export function platform(): Platform {
  current ??= detectPlatform();
  return current;
}

export const isNative = () => platform() !== 'web';
