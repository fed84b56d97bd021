import type { GameUpdate, GameView } from '@sayspell/core/protocol/game';
import type { FinishGame, StartTimerSync } from '@sayspell/core/protocol/socket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameRepository } from '../src/games/game-repository.ts';
import { createGameStore, rebuild } from '../src/games/owner/game-store.ts';
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
import { answered, fold } from './support/game-views.ts';

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
    const turnAudio: { bytes: Buffer; headers: string[] }[] = [];
    let view = hs.game;
    let finished: Promise<FinishGame> | undefined;
    for (let i = 0; i < 10; i++) {
      // the last guess finishes the game (ten turns of audio rendering may take longer than a wait)
      if (i === 9) finished = nextEvent<FinishGame>(socket, 'finish-game');
      expect(view.current?.index).toBe(i);
      const audioUrl = view.current?.audio;
      expect(audioUrl).toMatch(/^\/v1\/game\/[0-9a-f-]{36}\/audio\/[A-Za-z0-9_-]{32}$/);
      const audio = await fetch(`${t.url}${audioUrl}`);
      expect(audio.headers.get('content-type')).toBe('audio/wav');
      const audioBytes = Buffer.from(await audio.arrayBuffer());
      turnAudio.push({ bytes: audioBytes, headers: [...audio.headers.keys()] });
      log.push({ at: performance.now(), text: audioBytes.toString('latin1') });
      // from the moment the guess is sent, the word may be revealed
      guessedAt.push(performance.now());
      const a = await askLogged<{ ok: boolean; game: GameUpdate }>('guess-word', {
        gameId: game._id,
        index: i,
        guess: i % 2 ? 'zzzz' : 'qxqxq',
      });
      expect(a.ok).toBe(true);
      // the answer is the guess's delta (a few hundred bytes), the full view only at the finish
      expect(JSON.stringify(a.game).length).toBeLessThan(i === 9 ? 20_000 : 700);
      expect('delta' in a.game).toBe(i < 9);
      view = fold(view, a.game);
      expect(view.words[i]?.used).toBe(true);
      // the old link stops working once its turn is over
      expect((await fetch(`${t.url}${audioUrl}`)).status).toBe(404);
    }
    const fin = (await finished)!;
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
    // the audio side channels (issue 13): no header tells a cache, and what any signed-in player
    // can have spoken is never the turn's audio (audio-side-channels.integration.test.ts tries
    // every candidate word)
    for (const [i, word] of words.entries()) {
      const audio = turnAudio[i]!;
      expect(
        audio.headers.filter((h) => /speech-cache/i.test(h)),
        `word ${i}`,
      ).toEqual([]);
      const spoken = await fetch(`${t.url}/v1/google/text-to-speech?text=${encodeURIComponent(word!)}`, {
        headers: { authorization: `Bearer ${token.accessToken}` },
      });
      const bytes = Buffer.from(await spoken.arrayBuffer());
      expect(spoken.status).toBe(200);
      expect(bytes.equals(audio.bytes), `word ${i} "${word}": the public speech is the turn's audio`).toBe(
        false,
      );
      expect(bytes.length, `word ${i} "${word}": same length as the turn's audio`).not.toBe(
        audio.bytes.length,
      );
    }
    socket.disconnect();
  });

  it("answers GET of a live game with its state now and the server's clock of the moment", async () => {
    const { token, user } = await guest(t.url);
    const game = (
      await api<GameView>(t.url, 'POST', '/v1/game', {
        token: token.accessToken,
        body: soloGameBody(user._id),
      })
    ).body;
    const socket = await socketFor(t.url, token.accessToken);
    const hs = await ask<{ ok: boolean; game: GameView }>(socket, 'initiate-handshake', { gameId: game._id });
    clock.advance(5000);
    const get = async () => {
      const before = clock.now();
      const res = await api<{ data: GameView }>(t.url, 'GET', `/v1/game/${game._id}`, {
        token: token.accessToken,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.body.data.serverNow).toBeGreaterThanOrEqual(before);
      expect(res.body.data.serverNow).toBeLessThanOrEqual(clock.now());
      return res.body.data;
    };
    const clockless = (v: GameView) => ({ ...v, serverNow: 0 });
    const first = await get();
    expect(clockless(first)).toEqual(clockless(hs.game));
    // the same state asked again: the same view, with the clock moved on
    clock.advance(60_000);
    const again = await get();
    expect(again.serverNow - first.serverNow).toBeGreaterThanOrEqual(60_000);
    expect(clockless(again)).toEqual(clockless(first));
    // a guess makes a new state: the next answer is that state's
    expect((await ask(socket, 'guess-word', { gameId: game._id, index: 0, guess: 'qxqxq' })).ok).toBe(true);
    const next = await get();
    expect(next.version).toBe(first.version + 1);
    expect(next.words[0]).toMatchObject({ used: true, guess: 'qxqxq' });
    expect(next.current?.index).toBe(1);
    expect(next.current?.audio).not.toBe(first.current?.audio);
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
    // (read from the store: a player asking for the game is a page that came back)
    expect(await t.server.games.stateOf(closed._id)).not.toBeNull();
    clock.advance(1000);
    await t.server.games.sweep();
    expect(await status(closed._id)).toBe(404);

    // reloaded slowly (a phone): the new page asks for its game within the grace period and
    // reaches the game's channel only after it; the game lives on
    const slow = (await create()).body;
    await left(slow._id);
    expect(await status(slow._id)).toBe(200);
    clock.advance(1000);
    await t.server.games.sweep();
    expect(await status(slow._id)).toBe(200);
    const late = await socketFor(t.url, token.accessToken);
    const back = await ask<{ ok: boolean; game: GameView }>(late, 'initiate-handshake', { gameId: slow._id });
    expect(back.ok).toBe(true);
    late.disconnect();

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

  it('plays a guess sent twice at once (a double press) once, and refuses the other', async () => {
    const user = await guest(t.url);
    const { token } = user;
    const body = soloGameBody(user.user._id);
    const game = (await api<GameView>(t.url, 'POST', '/v1/game', { token: token.accessToken, body })).body;
    const repo = createGameRepository(t.server.database.db);
    const store = createGameStore(t.server.database.db);

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
    // what the database holds: the snapshot and the one guess appended to it (the embedded
    // instance journals its guesses, copied in here: games/owner/guess-journal.ts)
    await t.server.games.owner.flush();
    expect((await store.events(game._id)).map((e) => e.idx)).toEqual([0]);
    const stored = rebuild((await repo.get(game._id))!, await store.events(game._id));
    expect(stored.currentIndex).toBe(1);
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
    const a = await ask<{ ok: boolean; game: GameUpdate }>(socket, 'guess-word', {
      gameId: game._id,
      index: 0,
      guess: first.homonyms[0]!.toUpperCase(),
    });
    expect(answered(a.game, 0)).toMatchObject({ correct: true, guess: first.homonyms[0] });
    socket.disconnect();
  });
});
