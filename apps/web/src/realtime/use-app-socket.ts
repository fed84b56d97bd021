import { useEffect, useState } from 'react';
import type { AppSocket } from './socket.ts';

// issue 22: the socket client (socket.io, 13.6 KB gzip) is not part of a page's first download: a
// game shows from its loader's view at once and joins its channel once the client is in. the hooks
// built on this one (game channel, results, call) already take a socket that is not there yet

type SocketModule = typeof import('./socket.ts');
let loaded: SocketModule | null = null;
/** the socket client's module, loaded once (tests load it first: their fake socket answers at once) */
export const loadSocketModule = (): Promise<SocketModule> =>
  import('./socket.ts').then((m) => {
    loaded = m;
    return m;
  });

/**
 * the tab's shared socket, held open while the component is mounted and `enabled`; null when not
 * enabled, and until the socket client has loaded. it is held in the same commit as the caller's
 * listeners are set, so they are on before the first event can come
 */
export function useAppSocket(enabled = true): AppSocket | null {
  const [socket, setSocket] = useState(() => loaded?.sharedSocket() ?? null);
  useEffect(() => {
    if (socket) return;
    let live = true;
    loadSocketModule().then(
      (m) => live && setSocket(m.sharedSocket()),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [socket]);
  useEffect(() => {
    if (!enabled || !socket || !loaded) return;
    const held = loaded;
    held.acquireSocket();
    return () => held.releaseSocket();
  }, [enabled, socket]);
  return enabled ? socket : null;
}
