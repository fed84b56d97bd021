import type { GameView } from '@sayspell/core/protocol/game';
import type { FinishGame, PartnerReconnecting } from '@sayspell/core/protocol/socket';
import { describe, expect, it } from 'vitest';
import { api, type ClientSocket, nextEvent, serverPool, socketFor, testClock } from './harness.ts';
import { askAs, type Player, partneredGame, player, startTogether } from './partnered.ts';
import { followGame } from './support/game-views.ts';

// a guess that arrives right at the edge of the wait for a dropped network (issue 20): whichever
// way the race goes, an acknowledged guess is in the game for good, a refused one is refused
// because the game had ended, and both players end up agreeing. the guesses are sent around the
// wait's end on purpose; what is asserted does not depend on which side of it they land.

const start = serverPool('each');
const GRACE_MS = 1500;

/** the network goes away under the socket: no close frame, no disconnect packet */
function dropNetwork(socket: ClientSocket) {
  const transport = socket.io.engine.transport as unknown as { ws: { _socket: { destroy(): void } } };
  transport.ws._socket.destroy();
}

async function startedGame(url: string, clock: ReturnType<typeof testClock>) {
  const speaker = await player(url);
  const speller = await player(url);
  const game = await partneredGame(url, speaker, speller);
  const views = await startTogether(game, speaker, speller);
  clock.advance(5000);
  return { speaker, speller, game, views };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function gameAs(url: string, p: Player, gameId: string): Promise<GameView> {
  const res = await api<{ data: GameView }>(url, 'GET', `/v1/game/${gameId}`, {
    token: p.login.token.accessToken,
  });
  return res.body.data;
}

describe('a guess at the edge of the wait', () => {
  it("the speller's guesses while the speaker is away, up to and past the wait's end: every acknowledged one is in the results, the rest refused as finished", async () => {
    const clock = testClock();
    const t = await start({ clock, env: { NETWORK_GRACE_MS: String(GRACE_MS) } });
    const { speaker, speller, game } = await startedGame(t.url, clock);

    const reconnecting = nextEvent<PartnerReconnecting>(speller.socket, 'partner-reconnecting');
    const finished = nextEvent<FinishGame>(speller.socket, 'finish-game', 20_000);
    dropNetwork(speaker.socket);
    await reconnecting;
    // the game goes on while it waits: guess from a little before its end until it refuses
    await sleep(GRACE_MS - 300);
    const accepted: { index: number; guess: string }[] = [];
    let refusal: { code: string } | undefined;
    for (let i = 0; i < game.words.length && !refusal; i++) {
      const guess = `edge${'abcdefghijklmnopqrst'[i]}`;
      const a = await askAs(speller, 'guess-word', { gameId: game._id, index: i, guess });
      if (a.ok) accepted.push({ index: i, guess });
      else refusal = a.error;
      await sleep(25);
    }
    expect(refusal?.code).toBe('FINISHED');
    const fin = await finished;
    expect(fin).toMatchObject({ reason: 'partner-left', leftBy: speaker.login.user._id });
    // what was acknowledged was played, in order, and nothing more
    expect(fin.results.map((r) => r.guess)).toEqual(accepted.map((a) => a.guess));
    const stored = await gameAs(t.url, speller, game._id);
    expect(stored.words.filter((w) => w.used).map((w) => w.guess)).toEqual(accepted.map((a) => a.guess));
  });

  it('the player who dropped, back and guessing right as the wait ends: the guess and the game agree', async () => {
    const clock = testClock();
    const t = await start({ clock, env: { NETWORK_GRACE_MS: String(GRACE_MS) } });
    const outcomes: string[] = [];
    // a little before, at, and a little after the end: each in its own game
    for (const offset of [-150, 0, 150]) {
      const { speaker, speller, game, views } = await startedGame(t.url, clock);
      const speakerViews = followGame(speaker.socket, game._id, views.speaker);
      const finishes: FinishGame[] = [];
      speaker.socket.on('finish-game', (f) => finishes.push(f));
      const reconnecting = nextEvent<PartnerReconnecting>(speaker.socket, 'partner-reconnecting');
      dropNetwork(speller.socket);
      await reconnecting;
      await sleep(GRACE_MS + offset);

      // back as the game screen comes back: on the game's channel, then a handshake
      const socket = await socketFor(t.url, speller.login.token.accessToken);
      const back: Player = { ...speller, socket, received: [] };
      socket.onAny((event, ...args) => back.received.push(`${event} ${JSON.stringify(args)}`));
      expect((await askAs(back, 'subscribe', { channel: `presence-game-${game._id}` })).ok).toBe(true);
      const hs = await askAs(back, 'initiate-handshake', { gameId: game._id });
      const guess = await askAs(back, 'guess-word', { gameId: game._id, index: 0, guess: 'edge' });
      // let the wait's end, if it was on its way, land
      await sleep(300);
      const stored = await gameAs(t.url, speaker, game._id);
      if (guess.ok) {
        // acknowledged: it is in the game for good, and the partner saw it
        expect(stored.words[0]).toMatchObject({ guess: 'edge', used: true });
        expect((await speakerViews.until((v) => v.currentIndex >= 1)).words[0]?.guess).toBe('edge');
        outcomes.push(stored.finished ? 'guessed, then ended' : 'guessed, game on');
      } else {
        // refused: only because the game had ended as partner-left, and the one back was told so
        expect(guess.error?.code).toBe('FINISHED');
        expect(stored).toMatchObject({ finished: true, endedReason: 'partner-left' });
        expect(stored.words[0]?.used).toBe(false);
        // told so: by its handshake, or (the wait ended right after it) by finish-game
        if (!hs.game.finished) {
          await expect.poll(() => back.received.some((m) => m.startsWith('finish-game'))).toBe(true);
        }
        outcomes.push('ended');
      }
      if (stored.finished) {
        // the partner heard the end once, naming who left
        await expect.poll(() => finishes.length).toBe(1);
        expect(finishes[0]).toMatchObject({ reason: 'partner-left', leftBy: speller.login.user._id });
      } else {
        expect(finishes).toEqual([]);
      }
      speakerViews.stop();
      socket.disconnect();
      speaker.socket.disconnect();
    }
    // which side each landed on depends on the machine; each was one of the consistent outcomes
    expect(outcomes).toHaveLength(3);
  });
});
