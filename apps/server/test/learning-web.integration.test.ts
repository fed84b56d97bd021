import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { GameView } from '@sayspell/core/protocol/game';
import type { DueWords, LearningProgress } from '@sayspell/core/protocol/learning';
import { DATA_DIR } from '@sayspell/data/pipeline/lexicon-dir.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameRepository } from '../src/games/game-repository.ts';
import { createLearningRepository } from '../src/learning/learning-repository.ts';
import { createLearningService } from '../src/learning/learning-service.ts';
import { DAY_MS } from '../src/learning/leitner.ts';
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

// the learning loop's web side over the real server (issue 17 items 5 and 6): the streak and the
// progress figures, 'practise these again' from the results, and the spelling bee's asks, which
// must never give the speller the spelling

let t: TestServer;
const clock = testClock();
const origins = JSON.parse(readFileSync(path.join(DATA_DIR, 'words', 'en-origins.json'), 'utf8')) as Record<
  string,
  string
>;

beforeAll(async () => {
  t = await startServer({ clock });
});
afterAll(async () => {
  await t?.close();
});

type Socket = Awaited<ReturnType<typeof socketFor>>;

/** a started solo game: its id, the words (read from the database, never sent to the player) */
async function start(token: string, userId: string, over: Record<string, unknown> = {}) {
  const created = await api<GameView>(t.url, 'POST', '/v1/game', { token, body: soloGameBody(userId, over) });
  expect(created.status, created.text).toBe(200);
  const id = created.body._id;
  const socket = await socketFor(t.url, token);
  expect(await ask(socket, 'subscribe', { channel: `presence-game-${id}` })).toEqual({ ok: true });
  await ask(socket, 'initiate-handshake', { gameId: id });
  clock.advance(5000);
  const state = await createGameRepository(t.server.database.db).get(id);
  return { id, socket, words: (state?.words ?? []).map((w) => w.word) };
}

async function finish(
  game: { id: string; socket: Socket; words: string[] },
  answer: (w: string, i: number) => string,
) {
  for (const [i, w] of game.words.entries()) {
    const a = await ask<{ ok: boolean }>(game.socket, 'guess-word', {
      gameId: game.id,
      index: i,
      guess: answer(w, i),
    });
    expect(a.ok, JSON.stringify(a)).toBe(true);
  }
  game.socket.disconnect();
}

const get = <T>(token: string, path: string) => api<T>(t.url, 'GET', path, { token });

describe('streak and progress', () => {
  it('counts days in a row played, the daily figures, the boxes and accuracy by difficulty', async () => {
    const g = await guest(t.url);
    const token = g.token.accessToken;
    expect((await get<DueWords>(token, '/v1/learning/due')).body).toMatchObject({ due: 0, streak: 0 });

    const first = await start(token, g.user._id, { category: 'category_animals', difficulty: 'beginner' });
    await finish(first, (w, i) => (i < 6 ? w : 'qxqxq'));
    let p = await get<LearningProgress>(token, '/v1/learning/progress?language=English');
    expect(p.status, p.text).toBe(200);
    expect(p.body.streak).toBe(1);
    expect(p.body.met).toBe(10);
    expect(p.body.days).toHaveLength(1);
    expect(p.body.days[0]).toMatchObject({ guesses: 10, right: 6, newWords: 10 });
    expect(p.body.boxes.find((b) => b.box === 0)?.words).toBe(4);
    expect(p.body.known).toBe(6);
    expect(p.body.mastered).toBe(6);
    expect(p.body.byDifficulty.find((d) => d.difficulty === 'beginner')).toMatchObject({
      guesses: 10,
      right: 6,
    });

    // the next day: a practice game of the four missed words, all right now
    clock.advance(DAY_MS);
    expect((await get<DueWords>(token, '/v1/learning/due')).body).toMatchObject({ due: 4, streak: 1 });
    const practice = await start(token, g.user._id, { category: 'category_practice' });
    expect(practice.words).toHaveLength(4);
    await finish(practice, (w) => w);
    p = await get<LearningProgress>(token, '/v1/learning/progress');
    expect(p.body.streak).toBe(2);
    expect(p.body.days.map((d) => d.newWords)).toEqual([10, 0]);
    expect(p.body.boxes.find((b) => b.box === 1)?.words).toBe(4);
    expect(p.body.due).toBe(0);

    // a day missed breaks it: two days later the streak is gone until the next game
    clock.advance(2 * DAY_MS);
    expect((await get<DueWords>(token, '/v1/learning/due')).body.streak).toBe(0);
  });

  it('refuses a bad query with a sentence', async () => {
    const g = await guest(t.url);
    const res = await get<{ message: string }>(
      g.token.accessToken,
      `/v1/learning/progress?language=${'x'.repeat(80)}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/language/);
  });
});

describe('practise these again', () => {
  it("makes a finished game's missed words due at once, first in Practice my words", async () => {
    const g = await guest(t.url);
    const token = g.token.accessToken;
    const game = await start(token, g.user._id, { category: 'category_dining' });
    const missed = game.words.filter((_, i) => i % 3 === 0);
    await finish(game, (w, i) => (i % 3 === 0 ? 'qxqxq' : w));
    expect((await get<DueWords>(token, '/v1/learning/due')).body.due).toBe(0);

    const again = await api<{ due: number }>(t.url, 'POST', '/v1/learning/practise-again', {
      token,
      body: { gameId: game.id },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.due).toBe(missed.length);
    expect((await get<DueWords>(token, '/v1/learning/due')).body.due).toBe(missed.length);
    const practice = await start(token, g.user._id, { category: 'category_practice' });
    expect([...practice.words].sort()).toEqual([...missed].sort());
    practice.socket.disconnect();

    // not a player of the game: refused; bad bodies: a sentence
    const other = await guest(t.url);
    const stranger = await api<{ message: string }>(t.url, 'POST', '/v1/learning/practise-again', {
      token: other.token.accessToken,
      body: { gameId: game.id },
    });
    expect(stranger.status).toBe(403);
    const bad = await api<{ message: string }>(t.url, 'POST', '/v1/learning/practise-again', {
      token,
      body: { gameId: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/gameId/);
  });

  it('says so when nothing was missed', async () => {
    const g = await guest(t.url);
    const game = await start(g.token.accessToken, g.user._id, { category: 'category_attire' });
    await finish(game, (w) => w);
    const res = await api<{ message: string }>(t.url, 'POST', '/v1/learning/practise-again', {
      token: g.token.accessToken,
      body: { gameId: game.id },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('You missed no words in this game: nothing to practise.');
  });
});

describe("the spelling bee's asks", () => {
  const askFor = (token: string, body: unknown) =>
    fetch(`${t.url}/v1/learning/ask`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers about the word being played without ever spelling it, a limited number of times', async () => {
    const g = await guest(t.url);
    const token = g.token.accessToken;
    const game = await start(token, g.user._id, { category: 'category_animals', difficulty: 'advanced' });
    const word = game.words[0] as string;
    const texts: string[] = [];

    const def = await askFor(token, { gameId: game.id, index: 0, kind: 'definition' });
    expect(def.status).toBe(200);
    const d = (await def.json()) as { kind: string; text: string };
    expect(d.kind).toBe('definition');
    expect(d.text.length).toBeGreaterThan(5);
    texts.push(JSON.stringify(d));

    const pos = await askFor(token, { gameId: game.id, index: 0, kind: 'partOfSpeech' });
    const p = (await pos.json()) as { text: string };
    expect(p.text).toMatch(/^It is an? (noun|verb|adjective|adverb)\.$/);
    texts.push(JSON.stringify(p));

    // the language of origin: its name only, as the bank's origins file has it
    const origin = await askFor(token, { gameId: game.id, index: 0, kind: 'origin' });
    expect(origin.status).toBe(200);
    const o = (await origin.json()) as { kind: string; text: string };
    expect(o.kind).toBe('origin');
    const known = origins[word];
    if (known) expect(o.text).toMatch(new RegExp(`^(This word comes from |From )?${known}\\.$`));
    else expect(o.text).toBe('The language of origin is not known.');
    texts.push(JSON.stringify(o));

    // spoken answers are the game voice's audio, never text; no header tells a cache
    const slower = await askFor(token, { gameId: game.id, index: 0, kind: 'slower' });
    expect(slower.status).toBe(200);
    expect(slower.headers.get('content-type')).toBe('audio/wav');
    expect(slower.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await slower.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.includes(Buffer.from(word))).toBe(false);
    texts.push([...slower.headers.entries()].join(';'));

    const sentence = await askFor(token, { gameId: game.id, index: 0, kind: 'sentence' });
    expect([200, 404]).toContain(sentence.status);
    if (sentence.status === 200) expect(sentence.headers.get('content-type')).toBe('audio/wav');
    else texts.push(await sentence.text());

    // the leak scan: no answer holds the word
    for (const text of texts) expect(text.toLowerCase()).not.toContain(word.toLowerCase());

    // once per word for the definition
    for (const kind of ['definition', 'origin']) {
      const again = await askFor(token, { gameId: game.id, index: 0, kind });
      expect(again.status).toBe(429);
      expect(((await again.json()) as { message: string }).message).toBe(
        'You can ask for this once per word, and you already did.',
      );
    }
    // only the word being played, only by its speller, only kinds a bee allows
    const later = await askFor(token, { gameId: game.id, index: 3, kind: 'definition' });
    expect(later.status).toBe(409);
    const other = await guest(t.url);
    for (const kind of ['definition', 'origin']) {
      const stranger = await askFor(other.token.accessToken, { gameId: game.id, index: 0, kind });
      expect(stranger.status).toBe(403);
      expect((await stranger.text()).toLowerCase()).not.toContain(word.toLowerCase());
    }
    const spell = await askFor(token, { gameId: game.id, index: 0, kind: 'spelling' });
    expect(spell.status).toBe(400);
    expect(((await spell.json()) as { message: string }).message).toMatch(/kind must be one of/);

    // the next word: asks again
    await ask(game.socket, 'guess-word', { gameId: game.id, index: 0, guess: 'qxqxq' });
    const next = await askFor(token, { gameId: game.id, index: 1, kind: 'definition' });
    expect(next.status).toBe(200);
    const n = (await next.json()) as { text: string };
    expect(n.text.toLowerCase()).not.toContain((game.words[1] as string).toLowerCase());
    game.socket.disconnect();
  });
});

describe('memory in the adaptive prediction', () => {
  it('a word the player spelled right a moment ago is easier for them than for anyone else', async () => {
    const g = await guest(t.url);
    const game = await start(g.token.accessToken, g.user._id, { category: 'category_law' });
    await finish(game, (w) => w);
    // the learning updates run after each answer; a read of the player's own learning waits for them
    expect((await get(g.token.accessToken, '/v1/learning/due')).status).toBe(200);
    const learning = createLearningService({ repo: createLearningRepository(t.server.database.db), clock });
    const list = game.words;
    const shared = await learning.wordRatings('English', list);
    const mine = await learning.wordRatings('English', list, g.user._id);
    for (const w of list) expect(mine.get(w)?.rating ?? 0).toBeLessThan(shared.get(w)?.rating ?? 0);
    // a month later the memory has faded: nearly the shared rating again
    clock.advance(30 * DAY_MS);
    const later = await learning.wordRatings('English', list, g.user._id);
    for (const w of list) {
      expect(later.get(w)?.rating ?? 0).toBeGreaterThan(mine.get(w)?.rating ?? 0);
    }
  });
});
