import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { type WebSocket, WebSocketServer } from 'ws';

// the baseline: a bare WebSocket relay. clients come in pairs (?pair=…&role=speller|speaker); a
// guess from the speller ({ gameId, index, guess }) goes out to both players as a game-sized JSON
// (a real partner's update-game view, game-view.json, cut to the words played so far), the same
// traffic a game makes, with no validation, no database and no socket.io in between.

interface Entry {
  word: { word: string; ipa: string; homonyms: unknown[] } | null;
}
const full = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'game-view.json'), 'utf8')) as {
  words: Entry[];
  results?: unknown;
};
const { results: _results, ...base } = full;
const hidden = { word: null, guess: null, used: false, correct: null };

/** the view after guess `index`, as the server would send it */
function viewAfter(gameId: string, index: number) {
  const next = index + 1;
  const words = full.words.map((w, j) => (j < next ? w : hidden));
  const finished = next >= words.length;
  const w = full.words[next]?.word;
  return {
    ...base,
    _id: gameId,
    status: finished ? 'finished' : 'started',
    finished,
    words,
    currentIndex: next,
    current: w
      ? {
          index: next,
          hasHomonyms: w.homonyms.length > 0,
          word: w.word,
          ipa: w.ipa,
          syllables: null,
          audio: null,
        }
      : null,
    ...(finished ? { results: words } : {}),
    version: next + 1,
    serverNow: Date.now(),
  };
}
const pairs = new Map<string, { speller?: WebSocket; speaker?: WebSocket }>();

const server = http.createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end('{"status":"ok"}');
});
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
