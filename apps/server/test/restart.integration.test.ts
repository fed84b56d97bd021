import type { GameUpdate, GameView } from '@sayspell/core/protocol/game';
import { describe, expect, it } from 'vitest';
import { api, ask, freshDataDir, guest, serverPool, socketFor, soloGameBody, testClock } from './harness.ts';

// the server restarts in the middle of a game: the player's client reconnects by itself and the
// game goes on with the same deadline, no guess lost

const start = serverPool();

describe('restart mid-game', () => {
  it('resumes the game with the same deadline and every guess kept', async () => {
    const clock = testClock();
    const dataDir = freshDataDir();
    const first = await start({ dataDir, clock });
    const { token, user } = await guest(first.url);
    const game = (
      await api<GameView>(first.url, 'POST', '/v1/game', {
        token: token.accessToken,
        body: soloGameBody(user._id),
      })
    ).body;

    const socket = await socketFor(first.url, token.accessToken, { reconnection: true });
    const hs = await ask<{ ok: boolean; game: GameView }>(socket, 'initiate-handshake', { gameId: game._id });
    const { startsAt, endsAt } = hs.game;
    clock.advance(5000);
    for (let i = 0; i < 3; i++) {
      const a = await ask<{ ok: boolean }>(socket, 'guess-word', {
        gameId: game._id,
        index: i,
        guess: `guess${'abc'[i]}`,
      });
      expect(a.ok).toBe(true);
    }

    const reconnected = new Promise<void>((resolve) => socket.io.once('reconnect', () => resolve()));
    await first.close();
    const second = await start({ dataDir, port: first.port, clock });
    await reconnected;

    // after a reconnect the client joins again and gets a fresh snapshot
    const again = await ask<{ ok: boolean; game: GameView }>(socket, 'initiate-handshake', {
      gameId: game._id,
    });
    expect(again.ok).toBe(true);
    expect(again.game.startsAt).toBe(startsAt);
    expect(again.game.endsAt).toBe(endsAt);
    expect(again.game.currentIndex).toBe(3);
    expect(again.game.words.slice(0, 3).map((w) => w.guess)).toEqual(['guessa', 'guessb', 'guessc']);

    const next = await ask<{ ok: boolean; game: GameUpdate }>(socket, 'guess-word', {
      gameId: game._id,
      index: 3,
      guess: 'guessd',
    });
    expect(next.ok).toBe(true);
    expect(next.game.currentIndex).toBe(4);

    // the restarted server still finishes the game at the original deadline
    const finished = new Promise<{ id: string; time: number }>((resolve) =>
      socket.once('finish-game', resolve),
    );
    clock.advance(endsAt! - clock.now() + 50);
    await second.server.games.sweep();
    expect((await finished).time).toBe(90);
    socket.disconnect();
  });
});
