import { slot } from '@sayspell/core/game/fixtures';
import type { GameState } from '@sayspell/core/game/types';
import type { GameUpdate, GameView } from '@sayspell/core/protocol/game';
import type { LearningProgress } from '@sayspell/core/protocol/learning';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { wordMemory } from '../src/db/schema.ts';
import { createAudioLinks } from '../src/games/audio-links.ts';
import { createGameRepository } from '../src/games/game-repository.ts';
import { createGameService } from '../src/games/game-service.ts';
import { createDeadlineScheduler } from '../src/games/lifecycle/deadline-scheduler.ts';
import { gameOwnerFor } from '../src/games/owner/game-owner.ts';
import { createLearningRepository } from '../src/learning/learning-repository.ts';
import { createLearningService } from '../src/learning/learning-service.ts';
import {
  api,
  ask,
  guest,
  socketFor,
  soloGameBody,
  startServer,
  type TestServer,
  testClock,
} from './harness.ts';

// issue 16: a guess is answered before its learning update (7 queries) is written; the update runs
// after, in the player's order; a read of the player's learning waits for it; and a game rebuilt
// after a crash counts the guesses whose update never ran

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

const WORDS = ['otter', 'badger', 'heron', 'lynx', 'walrus', 'ferret', 'bison', 'gecko', 'panda', 'koala'];

/** a game service of its own on a real server's database, its learning updates held at a gate */
function gatedService(t: TestServer, clock: { now(): number }) {
  const { db } = t.server.database;
  const learning = createLearningService({ repo: createLearningRepository(db), clock });
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const calls: number[] = [];
  const written: number[] = [];
  /** each guess's way through the gate to its learning update written */
  const flows: Promise<void>[] = [];
  let called: (index: number) => void = () => {};
  /** resolves when the game service hands the next guess to the learning loop */
  const nextCall = () =>
    new Promise<number>((resolve) => {
      called = resolve;
    });
  const repo = createGameRepository(db);
  const games = createGameService({
    repo,
    owner: gameOwnerFor({ db, readSnapshot: (id) => repo.get(id), clustered: true, onError: () => {} }),
    pickWords: async () => WORDS.map((w) => slot(w)),
    audio: createAudioLinks('learning-after-answer-test-secret'),
    clock,
    broadcaster: { started() {}, updated() {}, finished() {} },
    presence: { playersOnline: async () => new Set() },
    scheduler: createDeadlineScheduler({ clock, onError: () => {} }),
    abandonGraceMs: 60_000,
    isLanguageEnabled: async () => true,
    userExists: async () => true,
    learning: {
      guessed(state: GameState, index: number) {
        calls.push(index);
        called(index);
        const flow = gate.then(() => learning.guessed(state, index)).then(() => void written.push(index));
        flows.push(flow);
        return flow;
      },
      replay: (state: GameState) => learning.replay(state),
    },
  });
  return { games, learning, open, calls, written, nextCall, flows };
}

describe('the learning update of a guess', () => {
  it('runs after the guess is answered, in the order of the guesses, and progress sees it', async () => {
    const clock = testClock();
    const t = await startServer({ clock });
    servers.push(t);
    const login = await guest(t.url);
    const me = login.user._id;
    const { games, learning, open, calls, written, nextCall, flows } = gatedService(t, clock);
    const view = await games.create(me, {
      settings: { language: 'English', difficulty: 'beginner', category: 'category_animals', gameTimer: 600 },
      players: { speller: me, speaker: null },
    });
    await games.handshake(view._id, me, async () => true);
    clock.advance(6000);

    const answers: GameUpdate[] = [];
    for (let i = 0; i < 3; i++) {
      const handed = nextCall();
      const answer = games.guess(view._id, me, i, i === 1 ? WORDS[1]! : 'qxqx');
      // once the guess is handed to the learning loop (held at its gate), the answer follows at once
      const first = await Promise.race([
        answer.then(() => 'answered'),
        handed.then(() => new Promise((r) => setImmediate(r))).then(() => 'waiting for the learning update'),
      ]);
      expect(first).toBe('answered');
      answers.push(await answer);
    }
    expect(answers.map((a) => 'delta' in a)).toEqual([true, true, true]);
    expect(calls).toEqual([0, 1, 2]);
    expect(written).toEqual([]);

    open();
    // the gate hands each guess to the learning loop once open: wait for those hand-overs and
    // their writes, then for anything the loop still holds
    await Promise.all(flows);
    await learning.settled(me);
    expect(written).toEqual([0, 1, 2]);
    const memory = await learning.memoryOf(me, 'English', WORDS[1]!);
    expect(memory).toMatchObject({ seen: 1, right: 1, lastGuess: `${view._id}:1` });
    expect((await learning.progress(me)).met).toBe(3);
    await games.owner.stop();
  });

  it('is counted by the progress page asked the moment the last guess is answered', async () => {
    const clock = testClock();
    const t = await startServer({ clock });
    servers.push(t);
    const login = await guest(t.url);
    const token = login.token.accessToken;
    const created = await api<GameView>(t.url, 'POST', '/v1/game', {
      token,
      body: soloGameBody(login.user._id, { gameTimer: '600' }),
    });
    const id = created.body._id;
    const socket = await socketFor(t.url, token);
    await ask(socket, 'initiate-handshake', { gameId: id });
    clock.advance(6000);
    for (let i = 0; i < created.body.words.length; i++) {
      const a = await ask<{ ok: boolean }>(socket, 'guess-word', { gameId: id, index: i, guess: 'qxqx' });
      expect(a.ok).toBe(true);
    }
    const progress = await api<LearningProgress>(t.url, 'GET', '/v1/learning/progress', { token });
    expect(progress.body.met).toBe(created.body.words.length);
    socket.disconnect();
  });

  it('lost to a crash after the answer is counted when the game is rebuilt', async () => {
    const clock = testClock();
    const first = await startServer({ clock });
    const login = await guest(first.url);
    const token = login.token.accessToken;
    const me = login.user._id;
    const created = await api<GameView>(first.url, 'POST', '/v1/game', {
      token,
      body: soloGameBody(me, { gameTimer: '600' }),
    });
    const id = created.body._id;
    let socket = await socketFor(first.url, token);
    await ask(socket, 'initiate-handshake', { gameId: id });
    clock.advance(6000);
    for (let i = 0; i < 3; i++) {
      expect(
        (await ask<{ ok: boolean }>(socket, 'guess-word', { gameId: id, index: i, guess: 'qxqx' })).ok,
      ).toBe(true);
    }
    socket.disconnect();
    await first.close();
    // what a process killed after answering the guesses and before their updates leaves behind:
    // the guesses in the game, nothing of them in the player's memory
    const restarted = await startServer({ clock, dataDir: first.dataDir });
    servers.push(restarted);
    const { db } = restarted.server.database;
    const played = (await createGameRepository(db).get(id))!.words.slice(0, 3).map((w) => w.word);
    await db.delete(wordMemory).where(eq(wordMemory.userId, me));
    const learning = createLearningService({ repo: createLearningRepository(db), clock });
    expect(await learning.wordsOf(me)).toEqual([]);

    socket = await socketFor(restarted.url, token);
    await ask(socket, 'subscribe', { channel: `presence-game-${id}` });
    const next = await ask<{ ok: boolean }>(socket, 'guess-word', { gameId: id, index: 3, guess: 'qxqx' });
    expect(next.ok).toBe(true);
    const words = await api<{ words: { word: string }[] }>(restarted.url, 'GET', '/v1/learning/words', {
      token,
    });
    expect(words.body.words.map((w) => w.word).sort()).toEqual(
      [...played, (await createGameRepository(db).get(id))!.words[3]!.word].sort(),
    );
    socket.disconnect();
  });
});
