import http from 'node:http';
import { WebSocketServer } from 'ws';

// B3's baseline: a bare ws server holding idle connections (no auth, no rooms), with the same
// IPC "measure" answer as probe-server.ts

const server = http.createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end('{"status":"ok"}');
});
const wss = new WebSocketServer({ server });
wss.on('connection', (ws) => ws.on('message', () => {}));
server.listen(Number(process.env.PORT), '127.0.0.1');

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', async (m) => {
  if (m !== 'measure') return;
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 100));
  }
  process.send?.({ memory: process.memoryUsage(), sockets: wss.clients.size });
});
process.on('SIGTERM', () => process.exit(0));
