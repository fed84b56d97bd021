import type { ChildProcess } from 'node:child_process';
import type { GameView } from '@sayspell/core/protocol/game';
import { afterAll, describe, expect, it } from 'vitest';
import { api, ask, freshDataDir, guest, socketFor, soloGameBody } from './harness.ts';
import { fold } from './support/game-views.ts';
import { instanceProcess } from './support/instance-process.ts';

// issue 16: the single embedded instance (PGlite, no Redis) holds its games in memory; killed with
// SIGKILL in the middle of a game and started again on the same data folder, it has every guess
// it had acknowledged, and the game goes on

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

type Ack = { ok: boolean; game: GameView; error?: { code: string } };

describe('the embedded instance is killed mid-game', () => {
  it('restarted on the same data, it has every acknowledged guess and the game goes on', async () => {
    const env = { DATA_DIR: freshDataDir(), DATABASE_URL: '', REDIS_URL: '' };
    const first = await instanceProcess(env, children);
    const login = await guest(first.url);
    const token = login.token.accessToken;
    const created = await api<GameView>(first.url, 'POST', '/v1/game', {
      token,
      body: soloGameBody(login.user._id, { gameTimer: '300' }),
    });
    expect(created.status).toBe(200);
    const id = created.body._id;
    const socket = await socketFor(first.url, token);
    const started = (await ask<Ack>(socket, 'initiate-handshake', { gameId: id })).game;
    await new Promise((r) => setTimeout(r, Math.max(0, started.startsAt! - Date.now()) + 50));
    const guesses = ['aaa', 'bbb', 'ccc', 'ddd'];
    for (const [i, guess] of guesses.entries()) {
      const answer = await ask<Ack>(socket, 'guess-word', { gameId: id, index: i, guess });
      expect(answer.error).toBeUndefined();
      expect(answer.ok).toBe(true);
    }
    socket.disconnect();
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await instanceProcess(env, children);
    const back = await socketFor(second.url, token);
    const resumed = (await ask<Ack>(back, 'initiate-handshake', { gameId: id })).game;
    expect(resumed).toMatchObject({ status: 'started', currentIndex: guesses.length });
    expect(resumed.words.slice(0, guesses.length).map((w) => w.guess)).toEqual(guesses);
    // a long restart gives its downtime back: the game's start (and countdown) may have moved later
    await new Promise((r) => setTimeout(r, Math.max(0, resumed.startsAt! - Date.now()) + 50));
    const next = await ask<Ack>(back, 'guess-word', { gameId: id, index: guesses.length, guess: 'eee' });
    expect(next.error).toBeUndefined();
    expect(next.ok).toBe(true);
    expect(
      fold(resumed, next.game)
        .words.slice(0, 5)
        .map((w) => w.guess),
    ).toEqual([...guesses, 'eee']);
    back.disconnect();
  }, 120_000);

  it('killed the moment the last word is answered, the game comes back finished with every guess', async () => {
    const env = { DATA_DIR: freshDataDir(), DATABASE_URL: '', REDIS_URL: '' };
    const first = await instanceProcess(env, children);
    const login = await guest(first.url);
    const token = login.token.accessToken;
    const created = await api<GameView>(first.url, 'POST', '/v1/game', {
      token,
      body: soloGameBody(login.user._id, { gameTimer: '300' }),
    });
    const id = created.body._id;
    const socket = await socketFor(first.url, token);
    const started = (await ask<Ack>(socket, 'initiate-handshake', { gameId: id })).game;
    await new Promise((r) => setTimeout(r, Math.max(0, started.startsAt! - Date.now()) + 50));
    const guesses = started.words.map((_, i) => `w${'abcdefghijklmnopqrstuvwxyz'[i % 26]}q`);
    for (const [i, guess] of guesses.entries()) {
      const answer = await ask<Ack>(socket, 'guess-word', { gameId: id, index: i, guess });
      expect(answer.ok).toBe(true);
    }
    // the finish was answered; its snapshot is written after the answer (game-owner.ts), so the
    // kill may land before it: the journal then finishes the game on the next start
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await instanceProcess(env, children);
    const game = await api<{
      data: { finished: boolean; currentIndex: number; results: { guess: string }[] };
    }>(second.url, 'GET', `/v1/game/${id}`, { token });
    expect(game.status).toBe(200);
    expect(game.body.data).toMatchObject({ finished: true, currentIndex: guesses.length });
    expect(game.body.data.results.map((w) => w.guess)).toEqual(guesses);
    const history = await api<{ items: { _id: string }[] }>(second.url, 'GET', '/v1/history', { token });
    expect(history.body.items.map((g) => g._id)).toContain(id);
    socket.disconnect();
  }, 120_000);
});
