import type { GameView } from '@sayspell/core/protocol/game';
import type { FinishGame, StartTimerSync } from '@sayspell/core/protocol/socket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameRepository } from '../src/games/game-repository.ts';
import {
  api,
  ask,
  type ClientSocket,
  guest,
  nextEvent,
  socketFor,
  soloGameBody,
  startServer,
  type TestServer,
  testClock,
} from './harness.ts';

// a guest plays a whole solo game over the real server, and everything the player receives is
// recorded and checked: no word's text may arrive before that word has been guessed

interface Received {
  at: number;
  text: string;
}

let t: TestServer;
const clock = testClock();

beforeAll(async () => {
  t = await startServer({ clock });
});
afterAll(() => t?.close());

function recordSocket(socket: ClientSocket, log: Received[]) {
  socket.onAny((event, ...args) =>
    log.push({ at: performance.now(), text: `${event} ${JSON.stringify(args)}` }),
  );
}

async function recordedApi<T>(log: Received[], ...args: Parameters<typeof api>) {
  const res = await api<T>(...args);
  log.push({ at: performance.now(), text: res.text });
  return res;
}

describe('solo game', () => {
  it('is played from start to finish and never shows a word before its guess', async () => {
    const log: Received[] = [];
    const { token, user } = await guest(t.url);
    const created = await recordedApi<GameView>(log, t.url, 'POST', '/v1/game', {
      token: token.accessToken,
      body: soloGameBody(user._id),
    });
    expect(created.status).toBe(200);
    const game = created.body;
    expect(game).toMatchObject({ solo: true, status: 'created', speller: { _id: user._id }, speaker: null });
    expect(game.words).toHaveLength(10);
    expect(game.words.every((w) => w.word === null)).toBe(true);

    const socket = await socketFor(t.url, token.accessToken);
    // acks are recorded too: they are messages the player receives
    const askLogged = async <A>(event: string, payload: unknown) => {
      const a = await ask<A>(socket, event, payload);
      log.push({ at: performance.now(), text: JSON.stringify(a) });
      return a;
    };
    recordSocket(socket, log);
    expect(await askLogged('subscribe', { channel: `presence-game-${game._id}` })).toEqual({ ok: true });

    const timerSync = nextEvent<StartTimerSync>(socket, 'start-timer-sync');
    const hs = await askLogged<{ ok: boolean; game: GameView }>('initiate-handshake', { gameId: game._id });
    expect(hs.ok).toBe(true);
    expect(hs.game.status).toBe('started');
    const sync = await timerSync;
    expect(sync.endsAt - sync.startsAt).toBe(90_000);
    expect(sync.startsAt - sync.serverNow).toBeGreaterThan(4000);

    // a guess during the countdown is refused
    const early = await askLogged<{ ok: boolean; error: { code: string } }>('guess-word', {
      gameId: game._id,
      index: 0,
      guess: 'x',
    });
    expect(early).toMatchObject({ ok: false, error: { code: 'COUNTDOWN' } });
    clock.advance(5000);

    const guessedAt: number[] = [];
    let view = hs.game;
    const finished = nextEvent<FinishGame>(socket, 'finish-game');
    for (let i = 0; i < 10; i++) {
      expect(view.current?.index).toBe(i);
      const audioUrl = view.current?.audio;
      expect(audioUrl).toMatch(/^\/v1\/game\/[0-9a-f-]{36}\/audio\/[A-Za-z0-9_-]{32}$/);
      const audio = await fetch(`${t.url}${audioUrl}`);
      expect(audio.headers.get('content-type')).toBe('audio/wav');
      log.push({ at: performance.now(), text: Buffer.from(await audio.arrayBuffer()).toString('latin1') });
      // from the moment the guess is sent, the word may be revealed
      guessedAt.push(performance.now());
      const a = await askLogged<{ ok: boolean; game: GameView }>('guess-word', {
        gameId: game._id,
        index: i,
        guess: i % 2 ? 'zzzz' : 'qxqxq',
      });
      expect(a.ok).toBe(true);
      view = a.game;
      expect(view.words[i]?.used).toBe(true);
      // the old link stops working once its turn is over
      expect((await fetch(`${t.url}${audioUrl}`)).status).toBe(404);
    }
    const fin = await finished;
    expect(fin.id).toBe(game._id);
    expect(fin.results).toHaveLength(10);
    expect(view.finished).toBe(true);

    const final = await recordedApi<{ data: GameView }>(log, t.url, 'GET', `/v1/game/${game._id}`, {
      token: token.accessToken,
    });
    const words = final.body.data.words.map((w) => w.word?.word);
    expect(words.every((w) => typeof w === 'string')).toBe(true);
    expect(final.body.data.results?.map((r) => r.guess)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? 'zzzz' : 'qxqxq')),
    );

    // the scan: before word i was guessed, no message contained it as a value
    words.forEach((word, i) => {
      const before = log.filter((m) => m.at < guessedAt[i]!);
      const quoted = `"${word}"`;
      const leaks = before.filter(
        (m) => m.text.toLowerCase().includes(quoted) || m.text.includes(`/${word}`),
      );
      expect(leaks, `word ${i} "${word}" leaked`).toEqual([]);
    });
    socket.disconnect();
  });

  it('finishes at the deadline with the words played so far', async () => {
    const { token, user } = await guest(t.url);
    const game = (
      await api<GameView>(t.url, 'POST', '/v1/game', {
        token: token.accessToken,
        body: soloGameBody(user._id, { gameTimer: '30' }),
      })
    ).body;
    const socket = await socketFor(t.url, token.accessToken);
    const hs = await ask<{ ok: boolean; game: GameView }>(socket, 'initiate-handshake', { gameId: game._id });
    expect(hs.game.endsAt! - hs.game.startsAt!).toBe(30_000);
    clock.advance(5000);
    expect((await ask(socket, 'guess-word', { gameId: game._id, index: 0, guess: 'abc' })).ok).toBe(true);
    const finished = nextEvent<FinishGame>(socket, 'finish-game');
    clock.advance(31_000);
    await t.server.games.sweep();
    const fin = await finished;
    expect(fin.results).toHaveLength(1);
    expect(fin.time).toBe(30);
    const after = await ask<{ ok: boolean; error: { code: string } }>(socket, 'guess-word', {
      gameId: game._id,
      index: 1,
      guess: 'abc',
    });
    expect(after).toMatchObject({ ok: false, error: { code: 'FINISHED' } });
    socket.disconnect();
  });

  it('deletes an unfinished game for its player only', async () => {
    const a = await guest(t.url);
    const b = await guest(t.url);
    const game = (
      await api<GameView>(t.url, 'POST', '/v1/game', {
        token: a.token.accessToken,
        body: soloGameBody(a.user._id),
      })
    ).body;
    const byOther = await api(t.url, 'POST', '/v1/delete-unfinished-game', {
      token: b.token.accessToken,
      body: { _id: game._id },
    });
    expect(byOther.status).toBe(403);
    expect((await api(t.url, 'GET', `/v1/game/${game._id}`, { token: b.token.accessToken })).status).toBe(
      403,
    );
    const mine = await api(t.url, 'POST', '/v1/delete-unfinished-game', {
      token: a.token.accessToken,
      body: { _id: game._id },
    });
    expect(mine.body).toEqual({ deleted: true });
    expect((await api(t.url, 'GET', `/v1/game/${game._id}`, { token: a.token.accessToken })).status).toBe(
      404,
    );
  });

  it('keeps a game whose player reloads the page, and deletes one whose player closed it', async () => {
    const { token, user } = await guest(t.url);
    const create = () =>
      api<GameView>(t.url, 'POST', '/v1/game', { token: token.accessToken, body: soloGameBody(user._id) });
    const left = (id: string) =>
      api<{ scheduled: boolean }>(t.url, 'POST', '/v1/delete-unfinished-game', {
        token: token.accessToken,
        body: { _id: id, deferred: true },
      });
    const status = async (id: string) =>
      (await api(t.url, 'GET', `/v1/game/${id}`, { token: token.accessToken })).status;

    // closed: the page said it was leaving, and nobody came back within the grace period
    const closed = (await create()).body;
    expect((await left(closed._id)).body.scheduled).toBe(true);
    expect(await status(closed._id)).toBe(200);
    clock.advance(1000);
    await t.server.games.sweep();
    expect(await status(closed._id)).toBe(404);

    // reloaded: the new page handshakes again and the game lives on
    const reloaded = (await create()).body;
    await left(reloaded._id);
    const socket = await socketFor(t.url, token.accessToken);
    await ask(socket, 'initiate-handshake', { gameId: reloaded._id });
    clock.advance(1000);
    await t.server.games.sweep();
    expect(await status(reloaded._id)).toBe(200);
    socket.disconnect();
  });

  it('applies racing writes one after the other: none is lost, and a stale guess is refused', async () => {
    const user = await guest(t.url);
    const { token } = user;
    const body = soloGameBody(user.user._id);
    const game = (await api<GameView>(t.url, 'POST', '/v1/game', { token: token.accessToken, body })).body;
    const repo = createGameRepository(t.server.database.db);
    const before = (await repo.get(game._id))!;
    // ten writers at once, each adding one to the version it read: optimistic writes retry, so
    // all ten land, one after the other
    const bump = (s: typeof before) => ({
      state: { ...s, version: s.version + 1 },
      changed: true,
      value: null,
    });
    await Promise.all(Array.from({ length: 10 }, () => repo.update(game._id, bump)));
    expect((await repo.get(game._id))!.version).toBe(before.version + 10);

    // the same guess sent twice at once (a double press): one is played, the other is refused
    const socket = await socketFor(t.url, token.accessToken);
    await ask(socket, 'initiate-handshake', { gameId: game._id });
    clock.advance(5000);
    const guessOnce = () =>
      ask<{ ok: boolean; error?: { code: string } }>(socket, 'guess-word', {
        gameId: game._id,
        index: 0,
        guess: 'zzqx',
      });
    const answers = await Promise.all([guessOnce(), guessOnce()]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)?.error?.code).toMatch(/^[A-Z_]+$/);
    expect((await repo.get(game._id))!.currentIndex).toBe(1);
    socket.disconnect();
  });

  it('raises the homophone alert and accepts a homonym as a right answer', async () => {
    const { token, user } = await guest(t.url);
    const body = soloGameBody(user._id, { category: 'category_soundalikes' });
    const game = (await api<GameView>(t.url, 'POST', '/v1/game', { token: token.accessToken, body })).body;
    // white-box: the test reads the words from the database, as only the server can
    const state = await createGameRepository(t.server.database.db).get(game._id);
    const first = state!.words[0]!;
    expect(first.homonyms.length).toBeGreaterThan(0);
    const socket = await socketFor(t.url, token.accessToken);
    const hs = await ask<{ ok: boolean; game: GameView }>(socket, 'initiate-handshake', { gameId: game._id });
    expect(hs.game.current).toMatchObject({ index: 0, hasHomonyms: true });
    clock.advance(5000);
    const a = await ask<{ ok: boolean; game: GameView }>(socket, 'guess-word', {
      gameId: game._id,
      index: 0,
      guess: first.homonyms[0]!.toUpperCase(),
    });
    expect(a.game.words[0]).toMatchObject({ correct: true, guess: first.homonyms[0] });
    socket.disconnect();
  });
});
