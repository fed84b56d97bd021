import { LEADERBOARD_MIN_GAMES } from '@sayspell/core/constants';
import type { GameUpdate, GameView } from '@sayspell/core/protocol/game';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ask, guest, socketFor, startServer, type TestServer, testClock } from './harness.ts';
import { fold } from './support/game-views.ts';

// a speller who chose the words (POST /v1/ai/CreateCustomGame with words: […]) spells them all
// right; such games are practice: they stay in the player's history but never reach the
// leaderboard or the gift cards (docs/decisions.md, "Fair play: games")

let t: TestServer;
const clock = testClock();

beforeAll(async () => {
  t = await startServer({ clock });
});
afterAll(() => t?.close());

const OWN = ['apple', 'table', 'house', 'water', 'candle', 'river', 'music', 'bread', 'chair', 'garden'];

interface Board {
  entries: { _id: string }[];
  me: { accuracy: number } | null;
}
interface Cards {
  cards: { solo: number; partnered: number }[];
}

describe('a game of the speller’s own words', () => {
  it('is played, kept in history, and counts for neither the leaderboard nor the gift cards', async () => {
    const { token, user } = await guest(t.url);
    for (let g = 0; g < LEADERBOARD_MIN_GAMES; g++) {
      // a socket a game: one socket may send 30 events at once and 10 a second after (event-budget.ts),
      // and these games' 33 events went out within a second on PostgreSQL (the last refused: CI failed)
      const socket = await socketFor(t.url, token.accessToken);
      const created = await api<GameView>(t.url, 'POST', '/v1/ai/CreateCustomGame', {
        token: token.accessToken,
        body: { category: 'my list', userId: user._id, words: OWN },
      });
      expect(created.status, created.text).toBe(200);
      const gameId = created.body._id;
      expect(created.body.words).toHaveLength(OWN.length);
      let view = (await ask<{ game: GameView }>(socket, 'initiate-handshake', { gameId })).game;
      clock.advance(5000);
      for (let i = 0; i < OWN.length; i++) {
        const a = await ask<{ ok: boolean; game: GameUpdate }>(socket, 'guess-word', {
          gameId,
          index: i,
          guess: OWN[i],
        });
        expect(a.ok, JSON.stringify(a)).toBe(true);
        view = fold(view, a.game);
      }
      expect(view?.status).toBe('finished');
      expect(view?.words.every((w) => w.correct)).toBe(true);
      socket.disconnect();
    }
    const auth = { token: token.accessToken };
    const history = await api<{ total: number }>(t.url, 'GET', '/v1/history', auth);
    expect(history.body.total).toBe(LEADERBOARD_MIN_GAMES);
    const board = await api<Board>(t.url, 'GET', '/v1/leaderboard?period=all', auth);
    expect(board.body.me).toBeNull();
    expect(board.body.entries.map((e) => e._id)).not.toContain(user._id);
    const cards = await api<Cards>(t.url, 'GET', '/v1/giftcards', auth);
    expect(cards.body.cards[0]).toMatchObject({ solo: 0, partnered: 0 });
  });
});
