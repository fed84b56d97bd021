import type { GameView } from '@sayspell/core/protocol/game';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, type TestServer, testClock } from './harness.ts';
import { invitedGame, type Player, player } from './partnered.ts';

// nobody is put into a game without agreeing to it: a partnered game comes from a match or an
// accepted invite, a game that never started leaves nothing behind, and a stranger cannot touch
// someone else's game

let t: TestServer;
const clock = testClock();

beforeAll(async () => {
  t = await startServer({ clock });
});
afterAll(() => t?.close());

const token = (p: Player) => p.login.token.accessToken;
const id = (p: Player) => p.login.user._id;
const partneredBody = (speaker: string, speller: string) => ({
  language: 'English',
  difficulty: 'beginner',
  category: 'category_animals',
  gameTimer: '90',
  speaker,
  speller,
});

async function historyTotal(p: Player): Promise<number> {
  return (await api<{ total: number }>(t.url, 'GET', '/v1/history', { token: token(p) })).body.total;
}
async function gameCount(of: Player, asker: Player): Promise<number> {
  const res = await api<{ count: number }>(t.url, 'POST', '/v1/user-game-count', {
    token: token(asker),
    body: { id: id(of) },
  });
  return res.body.count;
}

describe('consent', () => {
  it('refuses a partnered game over REST against a player who did not agree', async () => {
    const bully = await player(t.url);
    const victim = await player(t.url);
    for (const body of [partneredBody(id(bully), id(victim)), partneredBody(id(victim), id(bully))]) {
      const res = await api<{ message: string }>(t.url, 'POST', '/v1/game', { token: token(bully), body });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        'A game with a partner needs their consent: invite them, or find a partner in matching.',
      );
    }
    expect(await historyTotal(victim)).toBe(0);
    bully.socket.disconnect();
    victim.socket.disconnect();
  });

  it('leaves no history and no game count when an agreed game is left before it starts', async () => {
    const a = await player(t.url);
    const b = await player(t.url);
    // three games agreed to and left before starting: a guest with three games would be hidden
    for (let i = 0; i < 3; i++) {
      const gameId = await invitedGame(a.socket, b.socket, id(b));
      const del = await api<{ deleted: boolean }>(t.url, 'POST', '/v1/delete-unfinished-game', {
        token: token(a),
        body: { _id: gameId },
      });
      expect(del.status).toBe(200);
    }
    expect(await historyTotal(b)).toBe(0);
    expect(await historyTotal(a)).toBe(0);
    expect(await gameCount(b, a)).toBe(0);
    a.socket.disconnect();
    b.socket.disconnect();
  });
});

describe('a stranger', () => {
  it('cannot delete, or schedule the deletion of, someone else’s game', async () => {
    const owner = await player(t.url);
    const stranger = await player(t.url);
    const game = (
      await api<GameView>(t.url, 'POST', '/v1/game', {
        token: token(owner),
        body: { ...partneredBody(id(owner), id(owner)), speaker: undefined, solo: true },
      })
    ).body;
    for (const deferred of [false, true]) {
      const res = await api<{ message: string }>(t.url, 'POST', '/v1/delete-unfinished-game', {
        token: token(stranger),
        body: { _id: game._id, deferred },
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('This is not your game.');
    }
    const still = await api<{ data: GameView }>(t.url, 'GET', `/v1/game/${game._id}`, {
      token: token(owner),
    });
    expect(still.status).toBe(200);
    owner.socket.disconnect();
    stranger.socket.disconnect();
  });
});
