import http from 'node:http';
import { Server } from 'socket.io';

// B3's second baseline: a bare Socket.IO server (same options as SaySpell's: websocket clients,
// 64 KiB buffer, no client served) with no middleware, no handlers and no rooms beyond the
// socket's own, measured the same way as probe-server.ts: what socket.io + engine.io cost alone

const server = http.createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end('{"status":"ok"}');
});
const io = new Server(server, { serveClient: false, maxHttpBufferSize: 64 * 1024 });
server.listen(Number(process.env.PORT), '127.0.0.1');

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', async (m) => {
  if (m !== 'measure') return;
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 100));
  }
  process.send?.({ memory: process.memoryUsage(), sockets: io.engine.clientsCount });
});
process.on('SIGTERM', () => process.exit(0));
