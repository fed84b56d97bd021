import type { APIRequestContext } from '@playwright/test';
import { applyGameUpdate } from '@sayspell/core/game/game-delta';
import type { GameView } from '@sayspell/core/protocol/game';
import type { ClientToServerEvents, ServerToClientEvents } from '@sayspell/core/protocol/socket';
import { io, type Socket } from 'socket.io-client';

// a solo player without a browser: a fresh guest that creates a game over REST and plays it over
// the real socket protocol (subscribe, initiate-handshake, guess-word), as the web app does.
// used where a spec needs many games quickly (e.g. to find one that drew a given word)

type PlayerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface PlayedGame {
  game: GameView;
  token: string;
  refreshToken: string;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function playSoloAsGuest(
  request: APIRequestContext,
  baseURL: string,
  settings: { language: string; category: string; difficulty: string },
  guessFor: (index: number) => string,
): Promise<PlayedGame> {
  const login = await request.post('/v1/auth/login', { data: { strategy: 'guest' } });
  if (!login.ok()) throw new Error(`guest login: ${login.status()}`);
  const { token, user } = (await login.json()) as {
    token: { accessToken: string; refreshToken: string };
    user: { _id: string };
  };
  const headers = { Authorization: `Bearer ${token.accessToken}` };
  const created = await request.post('/v1/game', {
    headers,
    data: { ...settings, gameTimer: '90', solo: true, speller: user._id },
  });
  if (!created.ok()) throw new Error(`create game: ${created.status()} ${await created.text()}`);
  const gameId = ((await created.json()) as GameView)._id;

  const socket: PlayerSocket = io(baseURL, {
    transports: ['websocket'],
    auth: { token: token.accessToken },
    forceNew: true,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const sub = await socket.emitWithAck('subscribe', { channel: `presence-game-${gameId}` });
    if (!sub.ok) throw new Error(sub.error.message);
    let game: GameView;
    for (;;) {
      const ack = await socket.emitWithAck('initiate-handshake', { gameId, channel: 'game' });
      if (!ack.ok) throw new Error(ack.error.message);
      game = ack.game;
      if (game.status !== 'created') break;
      await pause(100);
    }
    // the start countdown (5 s) runs on the server: guesses before it ends are refused
    await pause(Math.max(0, (game.startsAt ?? 0) - game.serverNow));
    for (let index = 0; game.status === 'started' && index < game.words.length; ) {
      const ack = await socket.emitWithAck('guess-word', { gameId, index, guess: guessFor(index) });
      if (ack.ok) {
        // the answer is this guess's delta (the full view when it finished the game)
        const folded = applyGameUpdate(game, ack.game);
        if (folded.kind !== 'applied')
          throw new Error(`guess ${index}: the answer did not follow (${folded.kind})`);
        game = folded.view;
        index = game.currentIndex;
      } else if (ack.error.code === 'COUNTDOWN') await pause(100);
      else throw new Error(ack.error.message);
    }
  } finally {
    socket.disconnect();
  }
  const res = await request.get(`/v1/game/${gameId}`, { headers });
  const final = ((await res.json()) as { data: GameView }).data;
  return { game: final, token: token.accessToken, refreshToken: token.refreshToken };
}
