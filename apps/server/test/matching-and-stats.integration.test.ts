import type { GameView } from '@sayspell/core/protocol/game';
import { describe, expect, it } from 'vitest';
import { matchQueue } from '../src/db/schema.ts';
import { api, nextEvent, serverPool, testClock } from './harness.ts';
import { askAs, type Player, player } from './partnered.ts';

const start = serverPool();
const clock = testClock();

const settings = (role: string, over: Record<string, unknown> = {}) => ({
  language: 'English',
  difficulty: 'beginner',
  category: 'category_animals',
  role,
  gameTimer: '60',
  ...over,
});

const enter = (url: string, p: Player, body: unknown) =>
  api<{ status: string; game?: GameView }>(url, 'POST', '/v1/matching', {
    token: p.login.token.accessToken,
    body,
  });

describe('matching', () => {
  // on PostgreSQL every test server shares one queue: each test starts from an empty one
  async function startClean() {
    const t = await start({ clock });
    await t.server.database.db.delete(matchQueue);
    return t;
  }

  it('pairs a speaker with a speller: the waiting one hears by socket, the other gets the game', async () => {
    const t = await startClean();
    const a = await player(t.url);
    const b = await player(t.url);
    expect((await enter(t.url, a, settings('speaker'))).body).toEqual({ status: 'waiting' });
    // entering again replaces the entry (no second place in the queue)
    expect((await enter(t.url, a, settings('speaker'))).body).toEqual({ status: 'waiting' });
    const found = nextEvent<{ gameId: string }>(a.socket, 'match-found');
    const matched = await enter(t.url, b, settings('either'));
    expect(matched.body.status).toBe('matched');
    const game = matched.body.game!;
    expect((await found).gameId).toBe(game._id);
    expect(game).toMatchObject({
      solo: false,
      speaker: { _id: a.login.user._id },
      speller: { _id: b.login.user._id },
      gameTimer: '60',
      category: 'category_animals',
    });
  });

  it('keeps apart players whose settings do not fit, and plays the chosen category against random', async () => {
    const t = await startClean();
    const [a, b, c, d] = await Promise.all([player(t.url), player(t.url), player(t.url), player(t.url)]);
    await enter(t.url, a, settings('speaker'));
    expect((await enter(t.url, b, settings('speaker'))).body.status).toBe('waiting'); // two speakers
    expect((await enter(t.url, c, settings('speller', { difficulty: 'advanced' }))).body.status).toBe(
      'waiting',
    );
    expect((await enter(t.url, d, settings('speller', { category: 'category_law' }))).body.status).toBe(
      'waiting',
    );
    const e = await player(t.url);
    const withRandom = await enter(t.url, e, settings('speller', { category: 'category_random' }));
    expect(withRandom.body.status).toBe('matched');
    // the longest waiting fitting player (a) is chosen, and a's category is played
    expect(withRandom.body.game).toMatchObject({
      speaker: { _id: a.login.user._id },
      category: 'category_animals',
    });
  });

  it('forgets a player who left the queue or whose page is gone', async () => {
    const t = await startClean();
    const a = await player(t.url);
    const b = await player(t.url);
    await enter(t.url, a, settings('speaker'));
    const left = await api(t.url, 'DELETE', '/v1/matching', { token: a.login.token.accessToken });
    expect(left.body).toEqual({ removed: true });
    expect((await enter(t.url, b, settings('speller'))).body.status).toBe('waiting');

    const c = await player(t.url);
    c.socket.disconnect();
    await enter(t.url, c, settings('speaker'));
    const d = await player(t.url);
    // b is still waiting and online, so d (a speller) waits; c is offline and is not matched with anyone
    expect((await enter(t.url, d, settings('speller'))).body.status).toBe('waiting');
  });

  it('never pairs two players when one blocked the other, either way', async () => {
    const t = await startClean();
    const [blocker, blocked, other] = await Promise.all([player(t.url), player(t.url), player(t.url)]);
    const block = await api(t.url, 'POST', '/v1/users/block-user', {
      token: blocker.login.token.accessToken,
      body: { userIdOne: blocker.login.user._id, userIdTwo: blocked.login.user._id },
    });
    expect(block.status).toBe(200);
    // the blocked one waits first, then the blocker comes: they fit but must not meet
    expect((await enter(t.url, blocked, settings('speaker'))).body.status).toBe('waiting');
    expect((await enter(t.url, blocker, settings('speller'))).body.status).toBe('waiting');
    await api(t.url, 'DELETE', '/v1/matching', { token: blocker.login.token.accessToken });
    // the other way round: the blocker waits, the blocked one comes
    await api(t.url, 'DELETE', '/v1/matching', { token: blocked.login.token.accessToken });
    expect((await enter(t.url, blocker, settings('speaker'))).body.status).toBe('waiting');
    expect((await enter(t.url, blocked, settings('speller'))).body.status).toBe('waiting');
    // a third player still meets the blocker, who waited longest
    const third = await enter(t.url, other, settings('speller'));
    expect(third.body.status).toBe('matched');
    expect(third.body.game?.speaker).toMatchObject({ _id: blocker.login.user._id });
  });

  it('refuses bad settings with a clear message', async () => {
    const t = await startClean();
    const a = await player(t.url);
    const bad = await api<{ message: string }>(t.url, 'POST', '/v1/matching', {
      token: a.login.token.accessToken,
      body: settings('narrator'),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/role/);
    const disabled = await enter(t.url, a, settings('speaker', { category: 'category_sports' }));
    expect(disabled.status).toBe(422);
  });
});

describe('history, leaderboard, gift cards and counts', () => {
  it('reflect the games played', async () => {
    const t = await start({ clock });
    const a = await player(t.url);
    const b = await player(t.url);
    const token = a.login.token.accessToken;
    // three solo games for a, one right word each, finished by the timer
    for (let i = 0; i < 3; i++) {
      const game = (
        await api<GameView>(t.url, 'POST', '/v1/game', {
          token,
          body: {
            language: 'English',
            difficulty: 'beginner',
            category: 'category_law',
            gameTimer: '10',
            solo: true,
            speller: a.login.user._id,
          },
        })
      ).body;
      await askAs(a, 'initiate-handshake', { gameId: game._id });
      clock.advance(5000);
      const { createGameRepository } = await import('../src/games/game-repository.ts');
      const word = (await createGameRepository(t.server.database.db).get(game._id))!.words[0]!.word;
      await askAs(a, 'guess-word', { gameId: game._id, index: 0, guess: word });
      await askAs(a, 'guess-word', { gameId: game._id, index: 1, guess: 'zzqx' });
      clock.advance(11_000);
      await t.server.games.sweep();
    }

    const history = await api<{ items: { correct: number; played: number; solo: boolean }[]; total: number }>(
      t.url,
      'GET',
      '/v1/history?page=1&pageSize=2',
      { token },
    );
    expect(history.body.total).toBe(3);
    expect(history.body.items).toHaveLength(2);
    expect(history.body.items[0]).toMatchObject({
      solo: true,
      correct: 1,
      played: 2,
      partner: null,
      role: 'speller',
    });
    const page2 = await api<{ items: unknown[] }>(t.url, 'GET', '/v1/history?page=2&pageSize=2', { token });
    expect(page2.body.items).toHaveLength(1);
    expect((await api(t.url, 'GET', '/v1/history?page=0', { token })).status).toBe(400);

    const board = await api<{
      entries: { _id: string; accuracy: number; games: number }[];
      me: { rank: number } | null;
      minGames: number;
    }>(t.url, 'GET', '/v1/leaderboard?period=week', { token });
    const mine = board.body.entries.find((e) => e._id === a.login.user._id);
    expect(mine).toMatchObject({ games: 3, accuracy: 0.5 });
    expect(board.body.me?.rank).toBeGreaterThan(0);
    const other = await api<{ me: unknown }>(t.url, 'GET', '/v1/leaderboard', {
      token: b.login.token.accessToken,
    });
    expect(other.body.me).toBeNull(); // no games, no rank
    expect((await api(t.url, 'GET', '/v1/leaderboard?period=decade', { token })).status).toBe(400);

    const cards = await api<{
      cards: { id: string; solo: number; earned: boolean }[];
      conditions: Record<string, { met: boolean }>;
    }>(t.url, 'GET', '/v1/giftcards', { token });
    // two-word games are too short to count toward a card
    expect(cards.body.cards.map((c) => [c.id, c.solo, c.earned])).toEqual([
      ['first', 0, false],
      ['second', 0, false],
    ]);
    expect(cards.body.conditions.finishedEvery?.met).toBe(true);

    const count = await api(t.url, 'POST', '/v1/user-game-count', {
      token: b.login.token.accessToken,
      body: { id: a.login.user._id },
    });
    expect(count.body).toEqual({ count: 3 });
    const inGame = await api(t.url, 'POST', '/v1/pusher/ingamecheck', {
      token,
      body: { userId: a.login.user._id, inGame: true },
    });
    expect(inGame.body).toEqual({ ok: true });
    const forOther = await api(t.url, 'POST', '/v1/pusher/ingamecheck', {
      token,
      body: { userId: b.login.user._id, inGame: true },
    });
    expect(forOther.status).toBe(403);
  });
});
