import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { GameUpdate, GameView } from '@sayspell/core/protocol/game';
import { afterAll, describe, expect, it } from 'vitest';
import { GAME_LEASE_MS } from '../src/games/owner/game-owner.ts';
import { api, ask, type ClientSocket, onPostgres, serverPool, socketFor } from './harness.ts';
import { invitedGame, player } from './partnered.ts';
import { answered } from './support/game-views.ts';
import { instanceProcess } from './support/instance-process.ts';

// issue 16's fault test: an instance owns 50 games in flight (it made them; the players play
// through the other instance, so every action is relayed to it) and is killed with SIGKILL. every
// game goes on on the other instance, which takes the games' leases once they run out and rebuilds
// each from the database, with every guess that had been acknowledged

const start = serverPool();
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

const GAMES = 50;
const GUESSES_BEFORE = 3;

interface Table {
  id: string;
  speller: ClientSocket;
  speaker: ClientSocket;
}

type Ack = { ok: boolean; game: GameView; error?: { code: string; message: string } };
/** a guess's answer: its delta (the full view when it finished the game) */
type GuessAck = { ok: boolean; game: GameUpdate; error?: { code: string; message: string } };

describe.skipIf(!onPostgres)('the owner of 50 games is killed', () => {
  it('every game goes on on the other instance within the lease and a little, with every acknowledged guess', async () => {
    const env = {
      DATABASE_URL: process.env.SAYSPELL_TEST_DATABASE_URL!,
      REDIS_URL: process.env.SAYSPELL_TEST_REDIS_URL!,
      REDIS_PREFIX: `test-owner-kill-${randomUUID().slice(0, 8)}`,
    };
    const a = await instanceProcess(env, children);
    const b = await start({ env });

    // the games are made on a (the invite is accepted there), so a owns them; the players play on b
    const tables: Table[] = [];
    for (let i = 0; i < GAMES; i++) {
      const [speaker, speller] = await Promise.all([player(a.url), player(a.url)]);
      const id = await invitedGame(speaker.socket, speller.socket, speller.login.user._id, {
        gameTimer: '300',
      });
      const [onB1, onB2] = await Promise.all([
        socketFor(b.url, speaker.login.token.accessToken),
        socketFor(b.url, speller.login.token.accessToken),
      ]);
      speaker.socket.disconnect();
      speller.socket.disconnect();
      tables.push({ id, speaker: onB1, speller: onB2 });
    }
    const started = await Promise.all(
      tables.map(async (t) => {
        await ask<Ack>(t.speaker, 'initiate-handshake', { gameId: t.id });
        await ask<Ack>(t.speller, 'initiate-handshake', { gameId: t.id });
        return (await ask<Ack>(t.speaker, 'initiate-handshake', { gameId: t.id })).game;
      }),
    );
    expect(started.every((g) => g.status === 'started')).toBe(true);
    const startsAt = Math.max(...started.map((g) => g.startsAt!));
    await new Promise((r) => setTimeout(r, Math.max(0, startsAt - Date.now()) + 50));

    // every game plays its first guesses through b, owned by a: all acknowledged
    const acked = new Map<string, string[]>(tables.map((t) => [t.id, []]));
    for (let i = 0; i < GUESSES_BEFORE; i++) {
      await Promise.all(
        tables.map(async (t, g) => {
          const guess = `g${g}w${i}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
          const answer = await ask<GuessAck>(t.speller, 'guess-word', { gameId: t.id, index: i, guess });
          expect(answer.ok).toBe(true);
          acked.get(t.id)!.push(guess);
        }),
      );
    }

    a.child.kill('SIGKILL');
    const killedAt = Date.now();

    // the next guess of every game: answered by b, once it took the game over
    const took = await Promise.all(
      tables.map(async (t) => {
        const answer = await ask<GuessAck>(t.speller, 'guess-word', {
          gameId: t.id,
          index: GUESSES_BEFORE,
          guess: 'next',
        });
        return { answer, ms: Date.now() - killedAt };
      }),
    );
    expect(took.filter((x) => !x.answer.ok).map((x) => x.answer.error)).toEqual([]);
    // the bar is 5 s from the death to every game going on: a timing, so it is printed
    // here (and recorded in docs/performance.md), not asserted on a shared machine
    const ms = took.map((x) => x.ms).sort((p, q) => p - q);
    console.info(`owner killed: games going on after ${ms[0]}–${ms.at(-1)} ms (lease ${GAME_LEASE_MS} ms)`);

    // nothing acknowledged was lost: b's answer, and the game as any reader gets it
    for (const [i, t] of tables.entries()) {
      const want = [...acked.get(t.id)!, 'next'];
      // b's answer is the delta of the guess it took over with
      expect(answered(took[i]!.answer.game, want.length - 1)?.guess).toBe('next');
      const read = await api<{ data: GameView }>(b.url, 'GET', `/v1/game/${t.id}`, {
        token: (t.speller.auth as { token: string }).token,
      });
      expect(read.body.data.currentIndex).toBe(want.length);
      expect(read.body.data.words.slice(0, want.length).map((w) => w.guess)).toEqual(want);
    }
    for (const t of tables) {
      t.speaker.disconnect();
      t.speller.disconnect();
    }
  }, 240_000);
});
