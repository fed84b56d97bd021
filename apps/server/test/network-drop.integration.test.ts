import { randomUUID } from 'node:crypto';
import type { GameView } from '@sayspell/core/protocol/game';
import type { FinishGame, PartnerReconnecting } from '@sayspell/core/protocol/socket';
import { describe, expect, it } from 'vitest';
import {
  api,
  ask,
  type ClientSocket,
  nextEvent,
  onPostgres,
  serverPool,
  socketFor,
  soloGameBody,
  testClock,
} from './harness.ts';
import { askAs, type Player, partneredGame, player, startTogether } from './partnered.ts';
import { followGame } from './support/game-views.ts';

// a dropped network is not a player leaving (issue 20): the game waits for them while its clock
// runs, the partner is told at once and until when, and past the wait the game ends naming who
// left. the break is a real one: the client's TCP connection is destroyed without a goodbye, as a
// phone switching networks does, so the server sees the transport close

// each test moves its own clock: its servers go with it
const start = serverPool('each');

/** the network goes away under the socket: no close frame, no disconnect packet */
function dropNetwork(socket: ClientSocket) {
  const transport = socket.io.engine.transport as unknown as { ws: { _socket: { destroy(): void } } };
  transport.ws._socket.destroy();
}

/** the player's network is back: a new socket, on the game again as the game screen does */
async function comeBack(url: string, p: Player, gameId: string, onUrl = url): Promise<Player> {
  const socket = await socketFor(onUrl, p.login.token.accessToken);
  const back = { ...p, socket, received: [] as string[] };
  socket.onAny((event, ...args) => back.received.push(`${event} ${JSON.stringify(args)}`));
  const hs = await askAs(back, 'initiate-handshake', { gameId });
  expect(hs.ok).toBe(true);
  return back;
}

async function startedGame(url: string, clock: ReturnType<typeof testClock>) {
  const speaker = await player(url);
  const speller = await player(url);
  const game = await partneredGame(url, speaker, speller);
  const views = await startTogether(game, speaker, speller);
  clock.advance(5000);
  return { speaker, speller, game, views };
}

describe('a dropped network', () => {
  it('keeps a partnered game: the partner hears at once and until when, the game goes on at the same word and clock', async () => {
    const clock = testClock();
    const t = await start({ clock });
    const { speaker, speller, game, views } = await startedGame(t.url, clock);
    const word0 = views.speaker.current!.word;
    expect((await askAs(speller, 'guess-word', { gameId: game._id, index: 0, guess: word0 })).ok).toBe(true);

    const reconnecting = nextEvent<PartnerReconnecting>(speaker.socket, 'partner-reconnecting');
    const droppedAt = clock.now();
    dropNetwork(speller.socket);
    const wait = await reconnecting;
    expect(wait).toMatchObject({ gameId: game._id, userId: speller.login.user._id });
    // the default wait: 60 s from when the server learnt of it
    expect(wait.until - droppedAt).toBeGreaterThanOrEqual(60_000);
    expect(wait.until - droppedAt).toBeLessThan(65_000);

    const back = nextEvent<{ gameId: string; userId: string }>(speaker.socket, 'partner-back');
    const speller2 = await comeBack(t.url, speller, game._id);
    expect(await back).toEqual({ gameId: game._id, userId: speller.login.user._id });
    expect(t.server.lifecycle.waitingUntil(game._id, speller.login.user._id)).toBeUndefined();

    const resumed = await askAs(speller2, 'initiate-handshake', { gameId: game._id });
    expect(resumed.game).toMatchObject({ status: 'started', currentIndex: 1, endsAt: views.speller.endsAt });
    const next = await askAs(speller2, 'guess-word', { gameId: game._id, index: 1, guess: 'abc' });
    expect(next.ok).toBe(true);
    expect(next.game.currentIndex).toBe(2);
    expect(speaker.received.filter((e) => /^(member-removed|finish-game)/.test(e))).toEqual([]);
  });

  it('tells a partner who comes back during the wait that the game still waits, and until when', async () => {
    const clock = testClock();
    const t = await start({ clock });
    const { speaker, speller, game } = await startedGame(t.url, clock);
    const reconnecting = nextEvent<PartnerReconnecting>(speaker.socket, 'partner-reconnecting');
    dropNetwork(speller.socket);
    const wait = await reconnecting;
    // the speaker's own network blinks: the new socket missed the news and asks for the game
    dropNetwork(speaker.socket);
    const speaker2 = await comeBack(t.url, speaker, game._id);
    expect(speaker2.received.filter((e) => e.startsWith('partner-reconnecting'))).toEqual([
      `partner-reconnecting ${JSON.stringify([{ gameId: game._id, userId: speller.login.user._id, until: wait.until }])}`,
    ]);
    // the partner back: no more news of a wait
    const back = nextEvent(speaker2.socket, 'partner-back');
    const speller2 = await comeBack(t.url, speller, game._id);
    await back;
    const again = await askAs(speaker2, 'initiate-handshake', { gameId: game._id });
    expect(again.ok).toBe(true);
    expect(speaker2.received.filter((e) => e.startsWith('partner-reconnecting'))).toHaveLength(1);
    expect(speller2.received.filter((e) => e.startsWith('partner-reconnecting'))).toEqual([]);
  });

  it('ends the game past the wait as partner-left, naming the one who left; they find it ended on return', async () => {
    const clock = testClock();
    const t = await start({ clock, env: { NETWORK_GRACE_MS: '1500' } });
    const { speaker, speller, game } = await startedGame(t.url, clock);

    const reconnecting = nextEvent<PartnerReconnecting>(speaker.socket, 'partner-reconnecting');
    const removed = nextEvent<{ userId: string }>(speaker.socket, 'member-removed');
    const finished = nextEvent<FinishGame>(speaker.socket, 'finish-game');
    dropNetwork(speller.socket);
    expect((await reconnecting).userId).toBe(speller.login.user._id);
    expect((await removed).userId).toBe(speller.login.user._id);
    expect(await finished).toMatchObject({ reason: 'partner-left', leftBy: speller.login.user._id });

    const speller2 = await comeBack(t.url, speller, game._id);
    const view = await askAs(speller2, 'initiate-handshake', { gameId: game._id });
    expect(view.game).toMatchObject({ status: 'finished', endedReason: 'partner-left' });
  });

  it('waits the whole time again for a second break in the same game', async () => {
    const clock = testClock();
    const t = await start({ clock });
    const { speaker, speller, game } = await startedGame(t.url, clock);
    const me = speller.login.user._id;

    let current = speller;
    const waits: PartnerReconnecting[] = [];
    for (let i = 0; i < 2; i++) {
      const reconnecting = nextEvent<PartnerReconnecting>(speaker.socket, 'partner-reconnecting');
      dropNetwork(current.socket);
      waits.push(await reconnecting);
      expect(t.server.lifecycle.waitingUntil(game._id, me)).toBe(waits[i]!.until);
      const back = nextEvent(speaker.socket, 'partner-back');
      current = await comeBack(t.url, current, game._id);
      await back;
      expect(t.server.lifecycle.waitingUntil(game._id, me)).toBeUndefined();
      clock.advance(10_000);
    }
    // the second wait is a full one, from the second break
    expect(waits[1]!.until - waits[0]!.until).toBeGreaterThanOrEqual(10_000);
    const guess = await askAs(current, 'guess-word', { gameId: game._id, index: 0, guess: 'abc' });
    expect(guess.ok).toBe(true);
    // the game goes on: the answer is the guess's delta, not the finish's full view
    expect(guess.game).toMatchObject({ delta: true, currentIndex: 1 });
  });

  it("lets the game's own clock end it during the wait: time, not partner-left", async () => {
    const clock = testClock();
    const t = await start({ clock, env: { NETWORK_GRACE_MS: '1500' } });
    const { speaker, speller, game, views } = await startedGame(t.url, clock);

    const reconnecting = nextEvent<PartnerReconnecting>(speaker.socket, 'partner-reconnecting');
    const finished = nextEvent<FinishGame>(speaker.socket, 'finish-game');
    dropNetwork(speller.socket);
    await reconnecting;
    // the clock did not stop for the break: the deadline passes while the speller is away
    clock.advance(views.speaker.endsAt! - clock.now() + 1);
    await t.server.games.sweep();
    expect(await finished).toMatchObject({ reason: 'time' });
    expect((await finished).leftBy).toBeUndefined();
    // the wait's end finds the game finished and leaves it as it is
    await expect
      .poll(() => t.server.lifecycle.waitingUntil(game._id, speller.login.user._id))
      .toBeUndefined();
    const view = await api<{ data: GameView }>(t.url, 'GET', `/v1/game/${game._id}`, {
      token: speaker.login.token.accessToken,
    });
    expect(view.body.data.endedReason).toBe('time');
  });

  it('reports a closed page (a client that said goodbye) at once, with the short wait', async () => {
    const clock = testClock();
    const t = await start({ clock, env: { DISCONNECT_GRACE_MS: '1500' } });
    const { speaker, speller } = await startedGame(t.url, clock);

    const reconnecting = nextEvent<PartnerReconnecting>(speaker.socket, 'partner-reconnecting');
    // the short wait, then the end reaches the partner (through Redis on the servers' pass)
    const finished = nextEvent<FinishGame>(speaker.socket, 'finish-game', 30_000);
    const closedAt = clock.now();
    speller.socket.disconnect();
    const wait = await reconnecting;
    expect(wait.until - closedAt).toBeGreaterThanOrEqual(1500);
    expect(wait.until - closedAt).toBeLessThan(5000);
    expect(await finished).toMatchObject({ reason: 'partner-left', leftBy: speller.login.user._id });
  });

  it('keeps a solo game through a break longer than the wait, at the same word', async () => {
    const clock = testClock();
    const t = await start({ clock, env: { NETWORK_GRACE_MS: '1000' } });
    const p = await player(t.url);
    const created = await api<GameView>(t.url, 'POST', '/v1/game', {
      token: p.login.token.accessToken,
      body: soloGameBody(p.login.user._id),
    });
    const gameId = created.body._id;
    expect((await ask(p.socket, 'subscribe', { channel: `presence-game-${gameId}` })).ok).toBe(true);
    const started = await askAs(p, 'initiate-handshake', { gameId });
    expect(started.game.status).toBe('started');
    clock.advance(5000);
    expect((await askAs(p, 'guess-word', { gameId, index: 0, guess: 'abc' })).ok).toBe(true);

    const gone = new Promise((resolve) => p.socket.io.engine.once('close', resolve));
    dropNetwork(p.socket);
    await gone;
    await expect
      .poll(async () => (await t.server.io.in(`presence-game-${gameId}`).fetchSockets()).length)
      .toBe(0);
    // no wait is armed for a solo game, and the sweeps past the wait leave it alone
    expect(t.server.lifecycle.waitingUntil(gameId, p.login.user._id)).toBeUndefined();
    clock.advance(30_000);
    await t.server.games.sweep();
    const back = await comeBack(t.url, p, gameId);
    const view = await askAs(back, 'initiate-handshake', { gameId });
    expect(view.game).toMatchObject({ status: 'started', currentIndex: 1, endsAt: started.game.endsAt });
  });
});

describe.skipIf(!onPostgres)('a dropped network, two instances', () => {
  it('ends the wait held by one instance when the player comes back through the other', async () => {
    const clock = testClock();
    const env = { REDIS_PREFIX: `test-shared-${randomUUID().slice(0, 8)}` };
    const a = await start({ env, clock });
    const b = await start({ env, clock });
    const { speaker, speller, game, views } = await startedGame(a.url, clock);
    const me = speller.login.user._id;

    const reconnecting = nextEvent<PartnerReconnecting>(speaker.socket, 'partner-reconnecting');
    dropNetwork(speller.socket);
    const wait = await reconnecting;
    expect(a.server.lifecycle.waitingUntil(game._id, me)).toBe(wait.until);

    // back through B: A hears of it over Redis, ends its wait and tells the partner
    const back = nextEvent<{ userId: string }>(speaker.socket, 'partner-back');
    const speller2 = await comeBack(a.url, speller, game._id, b.url);
    expect((await back).userId).toBe(me);
    expect(a.server.lifecycle.waitingUntil(game._id, me)).toBeUndefined();

    const speakerViews = followGame(speaker.socket, game._id, views.speaker);
    const seen = speakerViews.until((g) => g.currentIndex === 1);
    const guess = await askAs(speller2, 'guess-word', { gameId: game._id, index: 0, guess: 'abc' });
    expect(guess.ok).toBe(true);
    expect((await seen).status).toBe('started');
  });
});
