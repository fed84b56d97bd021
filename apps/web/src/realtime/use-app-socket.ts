import { useEffect, useState } from 'react';
import { type AppSocket, acquireSocket, releaseSocket, sharedSocket } from './socket.ts';

/**
 * the tab's shared socket, held open while the component is mounted and `enabled`; null when not
 * enabled. the socket object is there from the first render, so listeners are on before the first
 * event can come
 */
export function useAppSocket(enabled = true): AppSocket | null {
  const [socket] = useState(sharedSocket);
  useEffect(() => {
    if (!enabled) return;
    acquireSocket();
    return () => releaseSocket();
  }, [enabled]);
  return enabled ? socket : null;
}
