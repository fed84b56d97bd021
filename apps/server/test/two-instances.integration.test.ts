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
import { askAs, partneredGame, player, startTogether } from './partnered.ts';
import { answered, followGame } from './support/game-views.ts';

// two instances on one PostgreSQL and one Redis: any instance serves any request or event, and
// what happens on one reaches the sockets on the other

// closed after each test: the first test's servers keep a clock 96 s ahead, and on PostgreSQL they
// share the database with the next test, whose game their sweeper would finish as overdue
const start = serverPool('each');

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
    // the start's own update-game may still be on its way through Redis: wait for the guess's (a
    // delta that comes before it is mended by a resync, as the web does)
    const viewsOnA = followGame(onA, game._id);
    const updateSeenOnA = viewsOnA.until((g) => g.currentIndex === 1);
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

  it('play a partnered game with the speaker on one instance and the speller on the other', async () => {
    const clock = testClock();
    const env = { REDIS_PREFIX: `test-shared-${randomUUID().slice(0, 8)}` };
    const a = await start({ env, clock });
    const b = await start({ env, clock });
    const speaker = await player(a.url);
    const speller = await player(b.url);
    const game = await partneredGame(a.url, speaker, speller);
    const views = await startTogether(game, speaker, speller);
    clock.advance(5000);
    let shown = views.speaker.current!;
    const speakerViews = followGame(speaker.socket, game._id, views.speaker);
    for (let i = 0; i < 5; i++) {
      const word = shown.word!;
      const before = speller.received.length;
      expect(speller.received.slice(0, before).some((m) => m.includes(`"${word}"`))).toBe(false);
      // an earlier update-game (the start's) may still be on its way through Redis: wait for this guess's
      const seenOnA = speakerViews.until((g) => g.currentIndex === i + 1);
      const a2 = await askAs(speller, 'guess-word', { gameId: game._id, index: i, guess: word });
      expect(answered(a2.game, i)).toMatchObject({ correct: true });
      shown = (await seenOnA).current!;
    }
    const removed = nextEvent<{ userId: string }>(speller.socket, 'member-removed');
    const finished = nextEvent<FinishGame>(speller.socket, 'finish-game');
    speaker.socket.disconnect();
    expect((await removed).userId).toBe(speaker.login.user._id);
    expect((await finished).results).toHaveLength(5);
  });
});
