import type { ClientToServerEvents, ServerToClientEvents } from '@sayspell/core/protocol/socket';
import { PROTOCOL_VERSION } from '@sayspell/core/protocol/version';
import { io, type Socket } from 'socket.io-client';
import { refreshTokens } from '../api/client.ts';
import { getAccessToken } from '../auth/token-storage.ts';
import { onProtocolMismatch } from './protocol-mismatch.tsx';
import { reconnectOnNetworkBack } from './reconnect-now.ts';

// one socket.io connection per tab (DESIGN §4), shared by every screen that needs it and
// authenticated with the current access token at each (re)connection

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let users = 0;

function create(): AppSocket {
  const s: AppSocket = io({
    autoConnect: false,
    // websocket first: any instance behind a plain balancer can take it (no sticky sessions);
    // long-polling only where a network blocks websockets (that needs sticky sessions, see
    // docs/operations.md)
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    // a lost network: retry at most every 2 s, and give up on an attempt that hangs after 5 s
    // (the network's return reconnects at once: reconnect-now.ts)
    reconnectionDelayMax: 2000,
    timeout: 5000,
    auth: (cb) => cb({ token: getAccessToken() ?? '', protocol: PROTOCOL_VERSION }),
  });
  reconnectOnNetworkBack(s);
  let renewed = false;
  s.on('connect', () => {
    renewed = false;
  });
  s.on('connect_error', (err) => {
    if (onProtocolMismatch(err, () => s.connect())) return;
    // an expired token is refused at the handshake: renew it once and reconnect. other errors
    // (network) are retried by socket.io itself
    if (err.message !== 'unauthorized' || renewed) return;
    renewed = true;
    refreshTokens().then(
      () => s.connect(),
      () => {},
    );
  });
  return s;
}

/** the tab's socket, made if there is none yet, without holding it open (acquireSocket does) */
export function sharedSocket(): AppSocket {
  socket ??= create();
  return socket;
}

export function acquireSocket(): AppSocket {
  socket = sharedSocket();
  users += 1;
  if (!socket.connected && !socket.active) socket.connect();
  return socket;
}

export function releaseSocket(): void {
  users = Math.max(0, users - 1);
  // wait a tick: a screen that remounts at once (strict mode, a quick route change) keeps the connection
  window.setTimeout(() => {
    if (users === 0 && socket) socket.disconnect();
  }, 0);
}

/** logging out ends the connection at once, whoever still holds it (§4 Logout) */
export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
  users = 0;
}
