import type { AppSocket } from './socket.ts';

// when the network comes back, the socket reconnects at once instead of waiting out socket.io's
// backoff (measured 0.1–4.9 s): on the browser's `online` event, when the page is visible again,
// and when the socket itself gave up on a silent server (a failed ping closes the transport).
// a connection still half-open is closed first: it would hang until its own timeout.

interface ManagerInternals {
  _readyState: string;
  _reconnecting: boolean;
  engine?: { close(): void };
  backoff: { reset(): void };
  cleanup(): void;
  open(fn: (err?: Error) => void): void;
  reconnect(): void;
  onreconnect(): void;
}

/**
 * reconnects the socket now if it is not connected. socket.io keeps a backoff timer while it
 * waits, and socket.connect() does nothing until it fires: the timer is dropped and the manager
 * opens at once, through the same steps its own timer would take (socket.io-client 4.8)
 */
export function reconnectNow(socket: AppSocket): void {
  if (socket.connected || !socket.active) return;
  const manager = socket.io as unknown as ManagerInternals;
  if (manager._readyState === 'open') return;
  // an attempt begun on the old network may hang until its timeout: drop it and start over
  manager.cleanup();
  if (manager._readyState === 'opening') {
    manager._readyState = 'closed';
    manager.engine?.close();
  }
  manager._reconnecting = true;
  manager.backoff.reset();
  manager.open((err) => {
    if (err) {
      manager._reconnecting = false;
      manager.reconnect();
    } else {
      manager.onreconnect();
    }
  });
}

/** wires the triggers; returns the function that unwires them */
export function reconnectOnNetworkBack(socket: AppSocket): () => void {
  const now = () => reconnectNow(socket);
  const visible = () => {
    if (document.visibilityState === 'visible') now();
  };
  // a ping the server did not answer: reconnect at once rather than after a backoff step
  const closed = (reason: string) => {
    if (reason === 'ping timeout' || reason === 'transport close' || reason === 'transport error') {
      window.setTimeout(now, 0);
    }
  };
  window.addEventListener('online', now);
  document.addEventListener('visibilitychange', visible);
  socket.on('disconnect', closed);
  return () => {
    window.removeEventListener('online', now);
    document.removeEventListener('visibilitychange', visible);
    socket.off('disconnect', closed);
  };
}
