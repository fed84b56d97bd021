import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { startChild } from './processes.ts';
import { guessFor } from './sayspell-driver.ts';

// writes game-view.json, the relay's payload: the partner's last update-game of a real game (every
// word revealed). run again when the game view changes:
//   node --conditions=source --import tsx bench/src/latency/capture-view.ts [solo]

const solo = process.argv[2] === 'solo';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-capture-'));
const server = await startChild('apps/server/src/main.ts', { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
try {
  const post = async (p: string, body: unknown, token?: string) => {
    const res = await fetch(`${server.url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const login = async () => {
    const l = await post('/v1/auth/login', { strategy: 'guest' });
    const socket = io(server.url, { auth: { token: l.token.accessToken }, transports: ['websocket'] });
    return { id: l.user._id as string, token: l.token.accessToken as string, socket };
  };
  const speller = await login();
  const speaker = solo ? speller : await login();
  const settings = {
    language: 'English',
    difficulty: 'beginner',
    category: 'category_animals',
    gameTimer: '600',
  };
  const body = solo
    ? { ...settings, solo: true, speller: speller.id }
    : { ...settings, speller: speller.id, speaker: speaker.id };
  const game = await post('/v1/game', body, speller.token);
  const players = solo ? [speller] : [speller, speaker];
  let started: { startsAt: number; serverNow: number; words: unknown[] } | undefined;
  while (!started) {
    const acks = await Promise.all(
      players.map((p) => p.socket.emitWithAck('initiate-handshake', { gameId: game._id })),
    );
    started = acks.map((a) => a.game).find((g) => g?.status === 'started');
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, started.startsAt - started.serverNow + 50));
  let last: unknown;
  speaker.socket.on('update-game', (v) => {
    last = v;
  });
  for (let i = 0; i < started.words.length; i++) {
    const a = await speller.socket.emitWithAck('guess-word', {
      gameId: game._id,
      index: i,
      guess: guessFor(i),
    });
    if (!a.ok) throw new Error(JSON.stringify(a));
  }
  await new Promise((r) => setTimeout(r, 200));
  const file = path.join(import.meta.dirname, 'game-view.json');
  fs.writeFileSync(file, `${JSON.stringify(last, null, 2)}\n`);
  console.info('written to', file, `(${JSON.stringify(last).length} bytes as sent)`);
  for (const p of players) p.socket.disconnect();
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
