import http from 'node:http';
import { WebSocketServer } from 'ws';

// B6's baseline: a bare ws server that answers every message with the same message. a client
// counts as back once its socket is open again and one message made the round trip

const server = http.createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end('{"status":"ok"}');
});
const wss = new WebSocketServer({ server });
wss.on('connection', (ws) => ws.on('message', (data) => ws.send(String(data))));
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  for (const c of wss.clients) c.terminate();
  server.close(() => process.exit(0));
});
