import { gameDelta, isGameDelta } from '@sayspell/core/game/game-delta';
import type { GameUpdate, GameView } from '@sayspell/core/protocol/game';
import type { CountdownSync, FinishGame } from '@sayspell/core/protocol/socket';
import { describe, expect, it } from 'vitest';
import { api, ask, nextEvent, serverPool, socketFor, testClock } from './harness.ts';
import { askAs, type Player, partneredGame, player, startTogether } from './partnered.ts';
import { answered, followGame } from './support/game-views.ts';

// two real clients play whole partnered games; the speaker says what it sees, the speller types

const start = serverPool();
const clock = testClock();

/** the speller's messages never held the word the speaker was being shown at the time */
function expectNoLeak(speller: Player, wordShownToSpeaker: string, before: number) {
  const leaks = speller.received
    .slice(0, before)
    // the word as a quoted value, not a field name: a game of "role" is not leaked by an invite's
    // "role" field
    .filter((m) => new RegExp(`"${wordShownToSpeaker}"(?!:)`).test(m.toLowerCase()));
  expect(leaks, `"${wordShownToSpeaker}" reached the speller before the guess`).toEqual([]);
}

describe('a partnered game', () => {
  it('is played to the last word with right, wrong and homophone guesses; the speller never sees the word first', async () => {
    const t = await start({ clock });
    const speaker = await player(t.url);
    const speller = await player(t.url);
    const game = await partneredGame(t.url, speaker, speller, {
      category: 'category_soundalikes',
      gameTimer: '600',
    });
    expect(game).toMatchObject({ solo: false, status: 'created', speaker: { _id: speaker.login.user._id } });

    const started = nextEvent<{ startsAt: number; endsAt: number }>(speller.socket, 'start-timer-sync');
    const views = await startTogether(game, speaker, speller);
    expect(views.speaker.status).toBe('started');
    const sync = await started;
    expect(sync.endsAt - sync.startsAt).toBe(600_000);
    clock.advance(5000);

    let shown = views.speaker.current!;
    expect(shown.word).toMatch(/^[a-z]+$/);
    expect(shown.ipa).toBeTruthy();
    expect(shown.syllables).toBeGreaterThan(0);
    expect(shown.hasHomonyms).toBe(true);
    expect(views.speller.current).not.toHaveProperty('word');
    // nor how it sounds: the speaker's ipa and syllables are the speaker's only
    expect(views.speller.current).not.toHaveProperty('ipa');
    expect(views.speller.current).not.toHaveProperty('syllables');
    // the speller has the app's voice in reserve (for a dropped call), by an opaque link
    expect(views.speller.current?.audio).toMatch(/^\/v1\/game\/[\w-]+\/audio\/[\w-]{32}$/);
    expect(views.speaker.current?.audio).toBeNull();

    // the speaker cannot guess
    const bySpeaker = await askAs(speaker, 'guess-word', { gameId: game._id, index: 0, guess: shown.word });
    expect(bySpeaker).toMatchObject({ ok: false, error: { code: 'NOT_THE_SPELLER' } });

    const total = game.words.length;
    const speakerViews = followGame(speaker.socket, game._id, views.speaker);
    const spellerViews = followGame(speller.socket, game._id, views.speller);
    // the speller in a second tab: it gets the update-games the tab that guesses has in its answers
    const otherTab = await socketFor(t.url, speller.login.token.accessToken);
    const tabView = await ask<{ ok: boolean; game: GameView }>(otherTab, 'initiate-handshake', {
      gameId: game._id,
    });
    const tabViews = followGame(otherTab, game._id, tabView.game);
    // every update-game the tab that guesses gets: none, its answers carry them (the finish too)
    const toGuesser: GameUpdate[] = [];
    speller.socket.on('update-game', (u: GameUpdate) => void toGuesser.push(u));
    const guesserHearsFinish = nextEvent<{ id: string; results: unknown[] }>(speller.socket, 'finish-game');
    let last: GameUpdate | undefined;
    for (let i = 0; i < total; i++) {
      expect(shown.index).toBe(i);
      const word = shown.word!;
      expectNoLeak(speller, word, speller.received.length);
      const speakerSees = speakerViews.until((v) => v.currentIndex === i + 1);
      const guess = i % 3 === 0 ? 'zzqx' : word;
      const a = await askAs<{ ok: boolean; game: GameUpdate }>(speller, 'guess-word', {
        gameId: game._id,
        index: i,
        guess,
      });
      expect(a.ok).toBe(true);
      last = a.game;
      // the answer is this guess's update-game for the speller: a delta until the finish
      expect(isGameDelta(a.game)).toBe(i < total - 1);
      expect(answered(a.game, i)).toMatchObject({ guess, used: true, correct: i % 3 !== 0 });
      expect(answered(a.game, i)!.word!.word).toBe(word);
      const spoken = await speakerSees;
      expect(spoken.words[i]?.guess).toBe(guess);
      if (i === 1) {
        // a second guess for the same word is refused
        const dup = await askAs(speller, 'guess-word', { gameId: game._id, index: 1, guess: word });
        expect(dup).toMatchObject({ ok: false, error: { code: 'WRONG_WORD' } });
      }
      if (spoken.finished) break;
      shown = spoken.current!;
      // the speller's other tab, folding deltas, holds the acknowledged view, with no word to come
      const own = await tabViews.until((v) => v.currentIndex === i + 1);
      // (but for the clock's reading: the ack's view was built a moment after the update's)
      expect({ ...a.game, serverNow: 0 }).toEqual({ ...gameDelta(own, i), serverNow: 0 });
      expect(tabViews.view?.current).not.toHaveProperty('word');
      expect(tabViews.view?.current).not.toHaveProperty('ipa');
    }
    // after each guess but the last (which finishes the game: full views) update-game was a delta,
    // and none was missed; the tab that guessed had each in its answer and no update-game of it
    expect(speakerViews.deltas.filter(isGameDelta)).toHaveLength(total - 1);
    expect(tabViews.deltas.filter(isGameDelta)).toHaveLength(total - 1);
    expect(spellerViews.deltas.filter(isGameDelta)).toHaveLength(0);
    expect([speakerViews.gaps, tabViews.gaps]).toEqual([0, 0]);
    // the finish: the guesser's answer is the finished view, and no update-game repeats it to
    // that tab; the other tab and the speaker get it; finish-game reaches every one of them
    expect(last).toMatchObject({ finished: true, endedReason: 'words' });
    expect((await tabViews.until((v) => v.finished)).endedReason).toBe('words');
    expect(speakerViews.view?.finished).toBe(true);
    expect((await guesserHearsFinish).results).toHaveLength(total);
    expect(toGuesser).toEqual([]);
    otherTab.disconnect();
    const fin = await askAs<{ ok: boolean; game: GameView }>(speaker, 'initiate-handshake', {
      gameId: game._id,
    });
    expect(fin.game).toMatchObject({ finished: true, endedReason: 'words' });
    expect(fin.game.results).toHaveLength(total);
  });

  it('the handshake that starts the game answers the started view; only the others get it as update-game', async () => {
    const t = await start({ clock });
    const speaker = await player(t.url);
    const speller = await player(t.url);
    const game = await partneredGame(t.url, speaker, speller);
    const toSpeller: GameUpdate[] = [];
    speller.socket.on('update-game', (u: GameUpdate) => void toSpeller.push(u));
    const first = await askAs(speaker, 'initiate-handshake', { gameId: game._id });
    expect(first.game.status).toBe('created');
    const speakerHears = nextEvent<GameView>(speaker.socket, 'update-game');
    const spellerSync = nextEvent<{ startsAt: number }>(speller.socket, 'start-timer-sync');
    const second = await askAs(speller, 'initiate-handshake', { gameId: game._id });
    expect(second.game).toMatchObject({ status: 'started', version: expect.any(Number) });
    const theirs = await speakerHears;
    expect(theirs).toMatchObject({ status: 'started', version: second.game.version });
    expect((await spellerSync).startsAt).toBe(second.game.startsAt);
    // sent before the answer on the same connection: had one been sent, it would be here
    expect(toSpeller).toEqual([]);
  });

  it('a homonym counts as right', async () => {
    const t = await start({ clock });
    const speaker = await player(t.url);
    const speller = await player(t.url);
    const game = await partneredGame(t.url, speaker, speller, { category: 'category_soundalikes' });
    const views = await startTogether(game, speaker, speller);
    clock.advance(5000);
    // the speaker's screen gives the word; the game's own record gives its homonyms
    const state = await api<{ data: GameView }>(t.url, 'GET', `/v1/game/${game._id}`, {
      token: speaker.login.token.accessToken,
    });
    expect(state.body.data.current?.word).toBe(views.speaker.current?.word);
    const { createGameRepository } = await import('../src/games/game-repository.ts');
    const slot = (await createGameRepository(t.server.database.db).get(game._id))!.words[0]!;
    const a = await askAs(speller, 'guess-word', { gameId: game._id, index: 0, guess: slot.homonyms[0] });
    expect(answered(a.game, 0)).toMatchObject({ correct: true });
  });

  it('ends when the timer runs out, and refuses a guess after the deadline', async () => {
    const t = await start({ clock });
    const speaker = await player(t.url);
    const speller = await player(t.url);
    const game = await partneredGame(t.url, speaker, speller, { gameTimer: '30' });
    await startTogether(game, speaker, speller);
    clock.advance(5000);
    await askAs(speller, 'guess-word', { gameId: game._id, index: 0, guess: 'abc' });
    const finished = nextEvent<FinishGame>(speaker.socket, 'finish-game');
    clock.advance(30_500);
    const late = await askAs(speller, 'guess-word', { gameId: game._id, index: 1, guess: 'abc' });
    expect(late).toMatchObject({ ok: false, error: { code: 'FINISHED' } });
    await t.server.games.sweep();
    const fin = await finished;
    expect(fin).toMatchObject({ reason: 'time', time: 30 });
    expect(fin.results).toHaveLength(1);
  });

  it('shares the results countdown once, and plays again with the roles swapped', async () => {
    const t = await start({ clock });
    const speaker = await player(t.url);
    const speller = await player(t.url);
    const game = await partneredGame(t.url, speaker, speller, { gameTimer: '10' });
    await startTogether(game, speaker, speller);
    clock.advance(16_000);
    await t.server.games.sweep();

    const first = await askAs<{ ok: boolean }>(speaker, 'initiate-handshake', {
      gameId: game._id,
      channel: 'results',
    });
    expect(first.ok).toBe(true);
    const countdownA = nextEvent<CountdownSync>(speaker.socket, 'countdown-sync');
    const countdownB = nextEvent<CountdownSync>(speller.socket, 'countdown-sync');
    await askAs(speller, 'initiate-handshake', { gameId: game._id, channel: 'results' });
    const [a, b] = await Promise.all([countdownA, countdownB]);
    expect(a.startsAt).toBe(b.startsAt);
    const late = nextEvent<CountdownSync>(speaker.socket, 'countdown-sync');
    await askAs(speaker, 'initiate-handshake', { gameId: game._id, channel: 'results' });
    expect((await late).startsAt).toBe(a.startsAt);

    const waiting = await askAs<{ ok: boolean; waiting: boolean }>(speaker, 'play-again', {
      gameId: game._id,
    });
    expect(waiting).toMatchObject({ ok: true, waiting: true });
    // the first request's own broadcast ({requestedBy}) may still be on its way through Redis
    const toldSpeaker = nextEvent<{ gameId?: string }>(
      speaker.socket,
      'play-again',
      10_000,
      (p) => p.gameId !== undefined,
    );
    const done = await askAs<{ ok: boolean; waiting: boolean; gameId: string }>(speller, 'play-again', {
      gameId: game._id,
    });
    expect(done.waiting).toBe(false);
    expect((await toldSpeaker).gameId).toBe(done.gameId);
    const next = await api<{ data: GameView }>(t.url, 'GET', `/v1/game/${done.gameId}`, {
      token: speaker.login.token.accessToken,
    });
    expect(next.body.data).toMatchObject({
      status: 'created',
      speaker: { _id: speller.login.user._id },
      speller: { _id: speaker.login.user._id },
    });
    // asking again gets the same game, not a third one
    const again = await askAs<{ gameId: string }>(speaker, 'play-again', { gameId: game._id });
    expect(again.gameId).toBe(done.gameId);
  });

  it('keeps the game through a reconnect within the grace period', async () => {
    const t = await start({ clock, env: { DISCONNECT_GRACE_MS: '1500' } });
    const speaker = await player(t.url);
    const speller = await player(t.url);
    const game = await partneredGame(t.url, speaker, speller);
    const views = await startTogether(game, speaker, speller);
    clock.advance(5000);
    await askAs(speller, 'guess-word', { gameId: game._id, index: 0, guess: views.speaker.current!.word });
    const removed: unknown[] = [];
    speaker.socket.on('member-removed', (m) => removed.push(m));

    speller.socket.disconnect();
    const back = await socketFor(t.url, speller.login.token.accessToken);
    const resumed = await askAs({ ...speller, socket: back }, 'initiate-handshake', { gameId: game._id });
    expect(resumed.game).toMatchObject({ status: 'started', currentIndex: 1, endsAt: views.speller.endsAt });
    expect(resumed.game.words[0]).toMatchObject({ correct: true });
    await new Promise((r) => setTimeout(r, 1800));
    expect(removed).toEqual([]);
    const next = await askAs({ ...speller, socket: back }, 'guess-word', {
      gameId: game._id,
      index: 1,
      guess: 'abc',
    });
    expect(next.ok).toBe(true);
  });

  it('ends for both when a partner leaves for good, telling the one who stayed', async () => {
    const t = await start({ clock });
    const speaker = await player(t.url);
    const speller = await player(t.url);
    const game = await partneredGame(t.url, speaker, speller);
    await startTogether(game, speaker, speller);
    clock.advance(5000);
    await askAs(speller, 'guess-word', { gameId: game._id, index: 0, guess: 'abc' });
    const removed = nextEvent<{ userId: string }>(speller.socket, 'member-removed');
    const finished = nextEvent<FinishGame>(speller.socket, 'finish-game');
    speaker.socket.disconnect();
    expect((await removed).userId).toBe(speaker.login.user._id);
    const fin = await finished;
    expect(fin).toMatchObject({ reason: 'partner-left' });
    expect(fin.results).toHaveLength(1);
  });

  it('refuses a partnered game over REST: consent comes from a match or an accepted invite', async () => {
    const t = await start({ clock });
    const a = await player(t.url);
    const b = await player(t.url);
    const c = await player(t.url);
    const body = (speaker: string, speller: string) => ({
      language: 'English',
      difficulty: 'beginner',
      category: 'category_animals',
      gameTimer: '90',
      speaker,
      speller,
    });
    const as = <T = unknown>(p: Player, b2: unknown) =>
      api<T>(t.url, 'POST', '/v1/game', { token: p.login.token.accessToken, body: b2 });
    expect((await as(c, body(a.login.user._id, b.login.user._id))).status).toBe(403);
    // the caller and a player who agreed to nothing: no game, nothing in the victim's history
    const forced = await as<{ message: string }>(a, body(a.login.user._id, b.login.user._id));
    expect(forced.status).toBe(403);
    expect(forced.body.message).toBe(
      'A game with a partner needs their consent: invite them, or find a partner in matching.',
    );
    const history = await api<{ total: number }>(t.url, 'GET', '/v1/history', {
      token: b.login.token.accessToken,
    });
    expect(history.body.total).toBe(0);
    expect((await as(a, { ...body(a.login.user._id, b.login.user._id), speaker: 'x' })).status).toBe(400);
  });
});
