import { randomUUID } from 'node:crypto';
import type { GameView } from '@sayspell/core/protocol/game';
import type { FinishGame } from '@sayspell/core/protocol/socket';
import { describe, expect, it } from 'vitest';
import {
  api,
  ask,
  guest,
  nextEvent,
  onPostgres,
  serverPool,
  socketFor,
  soloGameBody,
  testClock,
} from './harness.ts';

// two instances on one PostgreSQL and one Redis: any instance serves any request or event, and
// what happens on one reaches the sockets on the other

const start = serverPool();

describe.skipIf(!onPostgres)('two server instances', () => {
  it('share one game: created on A, played on B, seen by a second tab on A, finished by either', async () => {
    const clock = testClock();
    const env = { REDIS_PREFIX: `test-shared-${randomUUID().slice(0, 8)}` };
    const a = await start({ env, clock });
    const b = await start({ env, clock });

    const { token, user } = await guest(a.url);
    const game = (
      await api<GameView>(a.url, 'POST', '/v1/game', {
        token: token.accessToken,
        body: soloGameBody(user._id),
      })
    ).body;
    // the same player in two tabs, one on each instance
    const onB = await socketFor(b.url, token.accessToken);
    const onA = await socketFor(a.url, token.accessToken);
    expect(await ask(onA, 'subscribe', { channel: `presence-game-${game._id}` })).toEqual({ ok: true });

    const startSeenOnA = nextEvent<{ id: string }>(onA, 'start-timer-sync');
    const hs = await ask<{ ok: boolean; game: GameView }>(onB, 'initiate-handshake', { gameId: game._id });
    expect(hs.game.status).toBe('started');
    expect((await startSeenOnA).id).toBe(game._id);

    clock.advance(5000);
    const updateSeenOnA = nextEvent<GameView>(onA, 'update-game');
    await ask(onB, 'guess-word', { gameId: game._id, index: 0, guess: 'first' });
    const update = await updateSeenOnA;
    expect(update.words[0]?.guess).toBe('first');
    expect(update.currentIndex).toBe(1);

    // the deadline passes; both sweepers try, one finishes, both tabs hear it once
    const finishes: FinishGame[] = [];
    onA.on('finish-game', (f) => finishes.push(f));
    const finishedOnB = nextEvent<FinishGame>(onB, 'finish-game');
    clock.advance(91_000);
    await Promise.all([a.server.games.sweep(), b.server.games.sweep()]);
    expect((await finishedOnB).results).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(finishes).toHaveLength(1);
    onA.disconnect();
    onB.disconnect();
  });
});
