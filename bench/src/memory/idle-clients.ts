import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';

// B3's clients, in their own process: opens the connections it is given (socket.io with a token,
// or bare ws), tells the parent how many are open, holds them idle until told to close

interface Job {
  kind: 'socket.io' | 'ws';
  url: string;
  tokens?: string[];
  count?: number;
}

const open: (Socket | WebSocket)[] = [];

function connectSio(url: string, token: string): Promise<void> {
  const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  open.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function connectWs(url: string): Promise<void> {
  const ws = new WebSocket(url.replace('http', 'ws'));
  open.push(ws);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
}

process.on('message', async (m: Job | 'close') => {
  if (m === 'close') {
    for (const s of open) (s as { close(): void }).close();
    setTimeout(() => process.exit(0), 200);
    return;
  }
  const count = m.kind === 'ws' ? (m.count ?? 0) : (m.tokens?.length ?? 0);
  let failed = 0;
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, (_, j) =>
      m.kind === 'ws' ? connectWs(m.url) : connectSio(m.url, m.tokens![i + j]!),
    );
    for (const r of await Promise.allSettled(batch)) if (r.status === 'rejected') failed++;
  }
  process.send?.({ connected: count - failed, failed });
});
