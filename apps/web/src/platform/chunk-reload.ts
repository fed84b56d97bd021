import { RELOAD_GUARD_MS } from '@sayspell/core/constants';
import { appLog } from './app-log.ts';

// a new version replaced the old files while this tab still had the old page: a lazy part of the
// app fails to load. reload once to get the new version, at most once a minute (§8, §9)

const KEY = 'sayspell.chunk-reload-at';

export function shouldReload(
  now: number,
  store: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
): boolean {
  const last = Number(store.getItem(KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  store.setItem(KEY, String(now));
  return true;
}

export function installChunkReload(win: Window = window): void {
  win.addEventListener('vite:preloadError', (event) => {
    // offline, a reload only trades the app for the browser's own offline page: the part failed
    // because the network went away, not because a new version came
    if (!win.navigator.onLine) {
      appLog('warn', 'chunk', 'a part of the app could not load while offline; not reloading');
      return;
    }
    if (shouldReload(Date.now())) {
      event.preventDefault();
      win.location.reload();
    } else {
      appLog('error', 'chunk', 'a part of the app failed to load again within a minute; not reloading');
    }
  });
}
