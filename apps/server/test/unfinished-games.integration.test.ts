import type { GameView } from '@sayspell/core/protocol/game';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  ask,
  type ClientSocket,
  guest,
  socketFor,
  soloGameBody,
  startServer,
  type TestServer,
  testClock,
} from './harness.ts';

// "finish every game" (the gift-card rule) cannot be dodged: a game that was going on and that the
// player takes away — by starting a new solo game in its place or by closing the page and not
// coming back — counts as unfinished. a reload within the grace costs nothing, and neither does a
// game that never started

let t: TestServer;
const clock = testClock();

beforeAll(async () => {
  // a grace no loaded machine outlasts: the tests move the clock past it and sweep (a closed
  // page's own timer in the game lifecycle runs on real time and would not fire in between)
  t = await startServer({ clock, env: { DISCONNECT_GRACE_MS: '60000' } });
});
afterAll(() => t?.close());

async function player() {
  const login = await guest(t.url);
  const socket = await socketFor(t.url, login.token.accessToken);
  return { login, socket, token: login.token.accessToken };
}
type P = Awaited<ReturnType<typeof player>>;

async function soloGame(p: P): Promise<GameView> {
  const res = await api<GameView>(t.url, 'POST', '/v1/game', {
    token: p.token,
    body: soloGameBody(p.login.user._id),
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** joins the game's channel and starts it, the way the game screen does */
async function startedSoloGame(p: P): Promise<GameView> {
  const game = await soloGame(p);
  expect((await ask(p.socket, 'subscribe', { channel: `presence-game-${game._id}` })).ok).toBe(true);
  const hs = await ask<{ ok: boolean; game: GameView }>(p.socket, 'initiate-handshake', { gameId: game._id });
  expect(hs.game.status).toBe('started');
  return hs.game;
}

async function unfinished(p: P): Promise<number> {
  const res = await api<{ conditions: { finishedEvery: { value: number } } }>(t.url, 'GET', '/v1/giftcards', {
    token: p.token,
  });
  return res.body.conditions.finishedEvery.value;
}

const leave = (p: P, game: GameView, socket: ClientSocket) =>
  Promise.all([
    api(t.url, 'POST', '/v1/delete-unfinished-game', {
      token: p.token,
      body: { _id: game._id, deferred: true },
    }),
    ask(socket, 'unsubscribe', { channel: `presence-game-${game._id}` }),
  ]);

describe('finish every game', () => {
  it('counts a game going on that a new solo game replaces', async () => {
    const p = await player();
    await startedSoloGame(p);
    await soloGame(p);
    expect(await unfinished(p)).toBe(1);
    p.socket.disconnect();
  });

  it('counts nothing for a game that never started', async () => {
    const p = await player();
    await soloGame(p);
    await soloGame(p);
    expect(await unfinished(p)).toBe(0);
    p.socket.disconnect();
  });

  it('counts a game going on whose page was closed and not reopened within the grace', async () => {
    const p = await player();
    const game = await startedSoloGame(p);
    await leave(p, game, p.socket);
    clock.advance(61_000);
    await t.server.games.sweep();
    expect((await api(t.url, 'GET', `/v1/game/${game._id}`, { token: p.token })).status).toBe(404);
    expect(await unfinished(p)).toBe(1);
    p.socket.disconnect();
  });

  it('counts nothing when the page is reloaded within the grace', async () => {
    const p = await player();
    const game = await startedSoloGame(p);
    await leave(p, game, p.socket);
    // the reloaded page joins the game again before the sweep
    const again = await socketFor(t.url, p.token);
    expect((await ask(again, 'subscribe', { channel: `presence-game-${game._id}` })).ok).toBe(true);
    clock.advance(61_000);
    await t.server.games.sweep();
    const view = await api<{ data: GameView }>(t.url, 'GET', `/v1/game/${game._id}`, { token: p.token });
    expect(view.body.data.status).toBe('started');
    expect(await unfinished(p)).toBe(0);
    again.disconnect();
    p.socket.disconnect();
  });
});
