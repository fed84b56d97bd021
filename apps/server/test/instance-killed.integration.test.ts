import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { GameView } from '@sayspell/core/protocol/game';
import type { FinishGame } from '@sayspell/core/protocol/socket';
import { afterAll, describe, expect, it } from 'vitest';
import { api, ask, nextEvent, onPostgres, serverPool, socketFor } from './harness.ts';
import { askAs, partneredGame, player } from './partnered.ts';
import { instanceProcess } from './support/instance-process.ts';

// two instances on PostgreSQL + Redis; the one that started the game is killed (SIGKILL) mid-game:
// the other still ends the game on time, with every guess in its results

const start = serverPool();
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

describe.skipIf(!onPostgres)('an instance dies mid-game', () => {
  it('the game still ends on time on the other instance, its results complete', async () => {
    const env = {
      DATABASE_URL: process.env.SAYSPELL_TEST_DATABASE_URL!,
      REDIS_URL: process.env.SAYSPELL_TEST_REDIS_URL!,
      REDIS_PREFIX: `test-kill-${randomUUID().slice(0, 8)}`,
    };
    const a = await instanceProcess(env, children);
    const b = await start({ env });
    const speaker = await player(a.url);
    const speller = await player(b.url);
    const game = await partneredGame(a.url, speaker, speller, { gameTimer: '10' });

    // the speller is there first (on b); the speaker's handshake on a starts the game, so a
    // holds the deadline timer
    await askAs(speller, 'initiate-handshake', { gameId: game._id });
    const started = await askAs(speaker, 'initiate-handshake', { gameId: game._id });
    expect(started.game.status).toBe('started');
    const { startsAt, endsAt } = started.game;
    await new Promise((r) => setTimeout(r, Math.max(0, startsAt! - Date.now()) + 50));
    for (let i = 0; i < 3; i++) {
      const word = (
        await ask<{ ok: boolean; game: GameView }>(speaker.socket, 'timer-sync', { gameId: game._id })
      ).ok
        ? `guess${'abc'[i]}`
        : '';
      expect((await askAs(speller, 'guess-word', { gameId: game._id, index: i, guess: word })).ok).toBe(true);
    }

    const finished = nextEvent<FinishGame>(speller.socket, 'finish-game', 30_000);
    a.child.kill('SIGKILL');
    // the speaker comes back through the surviving instance
    const back = await socketFor(b.url, speaker.login.token.accessToken);
    const resumed = await ask<{ ok: boolean; game: GameView }>(back, 'initiate-handshake', {
      gameId: game._id,
    });
    expect(resumed.game).toMatchObject({ status: 'started', endsAt, currentIndex: 3 });

    const fin = await finished;
    expect(fin.reason).toBe('time');
    expect(fin.results.map((r) => r.guess)).toEqual(['guessa', 'guessb', 'guessc']);
    const final = await api<{ data: GameView }>(b.url, 'GET', `/v1/game/${game._id}`, {
      token: speaker.login.token.accessToken,
    });
    expect(final.body.data.finishedAt).toBe(endsAt);
    back.disconnect();
  }, 60_000);
});
