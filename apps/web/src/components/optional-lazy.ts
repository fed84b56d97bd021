import { type ComponentType, lazy } from 'react';

// a part the page can do without (the navigation progress bar, the notifications' container) loads
// lazily once the page is idle. if the network drops while its code is on the way, the failed
// import must not take the page down to the error screen: the part waits for the network, tries
// once more, and otherwise renders nothing. (its scripts arrive as the browser parses them, a
// round trip or two after the first: issue 22, vite.config.ts)

function whenOnline(win: Window): Promise<void> {
  return new Promise((resolve) => {
    if (win.navigator.onLine) resolve();
    else win.addEventListener('online', () => resolve(), { once: true });
  });
}

function Nothing() {
  return null;
}

/** React.lazy for an optional part: a failed load waits for the network, retries once, then renders nothing */
export function optionalLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  win: Window = window,
): ComponentType<P> {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch {
      await whenOnline(win);
      try {
        return { default: await load() };
      } catch {
        return { default: Nothing as ComponentType<P> };
      }
    }
  });
}
