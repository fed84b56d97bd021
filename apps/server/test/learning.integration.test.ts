import { isGameDelta } from '@sayspell/core/game/game-delta';
import type { GameUpdate, GameView } from '@sayspell/core/protocol/game';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { words as wordsTable } from '../src/db/schema.ts';
import { createGameRepository } from '../src/games/game-repository.ts';
import { START_RATING } from '../src/learning/elo.ts';
import { createLearningRepository } from '../src/learning/learning-repository.ts';
import { createLearningService } from '../src/learning/learning-service.ts';
import { DAY_MS } from '../src/learning/leitner.ts';
import { newAccount, registeredUser } from './accounts.ts';
import {
  api,
  ask,
  guest,
  socketFor,
  soloGameBody,
  startServer,
  type TestServer,
  testClock,
} from './harness.ts';
import { type SmtpPeer, startSmtpPeer } from './support/smtp-peer.ts';

// the learning loop over the real server (issue 17): every guess is remembered, no word comes back
// before the pool is used up, missed words come back on their day in 'Practice my words', the
// ratings move with the answers, and a guest keeps all of it when they register

let t: TestServer;
let smtp: SmtpPeer;
const clock = testClock();

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startServer({ clock, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const learning = () => createLearningService({ repo: createLearningRepository(t.server.database.db), clock });

/**
 * plays a solo game to its end; answer(i, word) says what to type for word i (the test reads the
 * word from the database: the player never receives it before guessing). returns the words met.
 */
async function play(
  token: string,
  userId: string,
  over: Record<string, unknown>,
  answer: (word: string) => string = () => 'qxqxq',
): Promise<{ word: string; correct: boolean }[]> {
  const created = await api<GameView>(t.url, 'POST', '/v1/game', { token, body: soloGameBody(userId, over) });
  expect(created.status, created.text).toBe(200);
  const id = created.body._id;
  const socket = await socketFor(t.url, token);
  try {
    expect(await ask(socket, 'subscribe', { channel: `presence-game-${id}` })).toEqual({ ok: true });
    const hs = await ask<{ ok: boolean; game: GameView }>(socket, 'initiate-handshake', { gameId: id });
    expect(hs.game.status).toBe('started');
    clock.advance(5000);
    const state = await createGameRepository(t.server.database.db).get(id);
    const slots = state?.words ?? [];
    const met: { word: string; correct: boolean }[] = [];
    for (const [i, slot] of slots.entries()) {
      const a = await ask<{ ok: boolean; game: GameUpdate }>(socket, 'guess-word', {
        gameId: id,
        index: i,
        guess: answer(slot.word),
      });
      expect(a.ok, JSON.stringify(a)).toBe(true);
      const answered = isGameDelta(a.game) ? a.game.answered.entry : a.game.words[i];
      met.push({ word: slot.word, correct: answered?.correct === true });
    }
    // the learning updates run after each guess's answer: a read of the player's own learning
    // waits for them, so this test's direct reads below come after it
    expect((await api(t.url, 'GET', '/v1/learning/due', { token })).status).toBe(200);
    return met;
  } finally {
    socket.disconnect();
  }
}

async function due(token: string): Promise<number> {
  const res = await api<{ due: number }>(t.url, 'GET', '/v1/learning/due', { token });
  expect(res.status, res.text).toBe(200);
  return res.body.due;
}

describe('learning loop', () => {
  it('serves no word twice until the pool is used up (every game until it is, and one more)', async () => {
    const pick = { category: 'category_landscapes', difficulty: 'beginner' } as const;
    const [pool] = await t.server.database.db
      .select({ n: count() })
      .from(wordsTable)
      .where(
        and(
          eq(wordsTable.language, 'English'),
          eq(wordsTable.category, 'landscapes'),
          eq(wordsTable.difficulty, 'beginner'),
        ),
      );
    const size = pool?.n ?? 0;
    expect(size).toBeGreaterThan(20);
    const g = await guest(t.url);
    const served: string[] = [];
    while (served.length < size) {
      served.push(...(await play(g.token.accessToken, g.user._id, pick)).map((m) => m.word));
    }
    // every game before the last met only new words, and in the end every word was met once
    const beforeLast = served.slice(0, served.length - 10);
    expect(new Set(beforeLast).size).toBe(beforeLast.length);
    expect(new Set(served).size).toBe(size);
    // the next game starts over with the words met longest ago: none from the game just played
    const next = await play(g.token.accessToken, g.user._id, pick);
    expect(next).toHaveLength(10);
    const lastGame = served.slice(-10);
    expect(next.filter((m) => lastGame.includes(m.word))).toEqual([]);
    const memory = await learning().memoryOf(g.user._id, 'English', next[0]?.word as string);
    expect(memory).toMatchObject({ seen: 2, missed: 2, right: 0 });
  });

  it('brings a missed word back after its interval, in Practice my words', async () => {
    const g = await guest(t.url);
    const token = g.token.accessToken;
    const first = await play(token, g.user._id, { category: 'category_animals' }, (w) =>
      w.length % 2 ? w : 'qxqxq',
    );
    const missed = first.filter((m) => !m.correct).map((m) => m.word);
    expect(missed.length).toBeGreaterThan(0);
    expect(await due(token)).toBe(0);
    const nothing = await api(t.url, 'POST', '/v1/game', {
      token,
      body: soloGameBody(g.user._id, { category: 'category_practice' }),
    });
    expect(nothing.status).toBe(422);

    clock.advance(DAY_MS);
    expect(await due(token)).toBe(missed.length);
    // in practice, spelled right this time: the words move up a box and wait longer
    const practice = await play(token, g.user._id, { category: 'category_practice' }, (w) => w);
    expect(practice.map((m) => m.word).sort()).toEqual([...missed].sort());
    expect(await due(token)).toBe(0);
    const m = await learning().memoryOf(g.user._id, 'English', missed[0] as string);
    expect(m).toMatchObject({ seen: 2, right: 1, missed: 1, box: 1 });
  });

  it('moves the ratings the right way: a right answer raises the player and lowers the word', async () => {
    const g = await guest(t.url);
    const l = learning();
    // a dining word may be an animal too ('trout'), met by an earlier test: its rating is shared,
    // so each word is compared with itself before this game
    const pool = await t.server.database.db
      .select({ word: wordsTable.word })
      .from(wordsTable)
      .where(and(eq(wordsTable.language, 'English'), eq(wordsTable.category, 'dining')));
    const ratedBefore = await l.wordRatings(
      'English',
      pool.map((p) => p.word),
    );
    const met = await play(g.token.accessToken, g.user._id, { category: 'category_dining' }, (w) => w);
    const word = met[0]?.word as string;
    const after = await l.playerRating(g.user._id);
    expect(after.rating).toBeGreaterThan(START_RATING);
    expect(after.games).toBe(10);
    const ratedAfter = await l.wordRatings(
      'English',
      met.map((m) => m.word),
    );
    for (const { word: w } of met) {
      const [was, now] = [ratedBefore.get(w), ratedAfter.get(w)];
      expect(now?.games, w).toBe((was?.games ?? 0) + 1);
      expect(now?.rating, w).toBeLessThan(was?.rating ?? Number.POSITIVE_INFINITY);
    }

    const h = await guest(t.url);
    const before = (await l.wordRatings('English', [word])).get(word)?.rating ?? 0;
    // the same pool: this guest misses everything, each word's rating goes up
    const missedAll = await play(h.token.accessToken, h.user._id, { category: 'category_dining' });
    expect((await l.playerRating(h.user._id)).rating).toBeLessThan(START_RATING);
    const again = missedAll.find((m) => m.word === word);
    if (again) expect((await l.wordRatings('English', [word])).get(word)?.rating).toBeGreaterThan(before);
  });

  it('plays adaptive: ten words for the rating, and the game says adaptive', async () => {
    const g = await guest(t.url);
    const met = await play(g.token.accessToken, g.user._id, { difficulty: 'adaptive' }, (w) => w);
    expect(met).toHaveLength(10);
    const bad = await api<{ message: string }>(t.url, 'POST', '/v1/game', {
      token: g.token.accessToken,
      body: soloGameBody(g.user._id, { difficulty: 'hardest' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('adaptive');
  });

  it("keeps a guest's memory when the guest registers", async () => {
    const g = await guest(t.url);
    const met = await play(g.token.accessToken, g.user._id, { category: 'category_feelings' });
    const claim = await api<{ guestClaim: string }>(t.url, 'POST', '/v1/auth/guest-claim', {
      token: g.token.accessToken,
    });
    expect(claim.status).toBe(200);
    await api(t.url, 'POST', '/api/auth/logout', { body: { refreshToken: g.token.refreshToken } });
    const s = await registeredUser(t.url, smtp, newAccount(), { guestClaim: claim.body.guestClaim });
    expect(s.user._id).toBe(g.user._id);
    clock.advance(DAY_MS);
    expect(await due(s.token.accessToken)).toBe(met.length);
    const listed = await api<{ words: { word: string; seen: number; missed: number }[] }>(
      t.url,
      'GET',
      '/v1/learning/words?language=English',
      { token: s.token.accessToken },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.words.map((w) => w.word).sort()).toEqual(met.map((m) => m.word).sort());
    expect(listed.body.words.every((w) => w.seen === 1 && w.missed === 1)).toBe(true);
    // and the words already met do not come back in the next game of that choice
    const next = await play(s.token.accessToken, s.user._id, { category: 'category_feelings' });
    expect(next.filter((m) => met.some((x) => x.word === m.word))).toEqual([]);
  });
});
