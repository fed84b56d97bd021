import { type WebSocket, WebSocketServer } from 'ws';
import { healthServer } from '../memory/measure-ipc.ts';
import { viewAfter } from './relay-view.ts';

// the baseline: a bare WebSocket relay. clients come in pairs (?pair=…&role=speller|speaker); a
// guess from the speller ({ gameId, index, guess }) goes out to both players as a game-sized JSON
// (relay-view.ts), with no validation, no database and no socket.io in between.

const pairs = new Map<string, { speller?: WebSocket; speaker?: WebSocket }>();

const server = healthServer();
const wss = new WebSocketServer({ server, maxPayload: 64 * 1024 });

wss.on('connection', (ws, req) => {
  const q = new URL(req.url ?? '/', 'http://relay').searchParams;
  const pairId = q.get('pair') ?? '';
  const role = q.get('role') === 'speaker' ? 'speaker' : 'speller';
  const pair = pairs.get(pairId) ?? {};
  pair[role] = ws;
  pairs.set(pairId, pair);

  ws.on('message', (data) => {
    const { gameId, index } = JSON.parse(String(data)) as { gameId: string; index: number };
    const out = JSON.stringify(viewAfter(gameId, index));
    pair.speaker?.send(out);
    pair.speller?.send(out);
  });
  ws.on('close', () => {
    if (pair[role] === ws) delete pair[role];
    if (!pair.speller && !pair.speaker) pairs.delete(pairId);
  });
});

server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  for (const c of wss.clients) c.terminate();
  server.close(() => process.exit(0));
});
