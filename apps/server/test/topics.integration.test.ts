import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GameView } from '@sayspell/core/protocol/game';
import type { TrendingTopicsAnswer } from '@sayspell/core/protocol/topics';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, topicPlays } from '../src/db/schema.ts';
import { NEEDS_CONSENT } from '../src/games/game-service.ts';
import { api, guest, onPostgres, startServer, type TestServer } from './harness.ts';
import { invitedGame, player } from './partnered.ts';

// custom topics (§1 My Topics) and trending topics (§7)

describe('custom topic games, offline generator', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t?.close());

  it('builds a solo game of checked words about the topic, with the spec defaults', async () => {
    const me = await guest(t.url);
    const res = await api<GameView>(t.url, 'POST', '/v1/ai/CreateCustomGame', {
      token: me.token.accessToken,
      body: { category: 'Weather', userId: me.user._id, clientIp: '127.0.0.1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.solo).toBe(true);
    expect(res.body.gameTimer).toBe('90');
    expect(res.body.difficulty).toBe('beginner');
    const [row] = await t.server.database.db.select().from(games).where(eq(games.id, res.body._id));
    expect(row?.category).toBe('category_custom');
    expect(row?.words).toHaveLength(10);
    const spelled = row!.words.map((w) => w.word);
    expect(spelled).toEqual(expect.arrayContaining(['rain', 'snow']));
    for (const w of row!.words) {
      expect(w.word).toMatch(/^[a-z]+$/);
      expect(w.ipa).toBeTruthy();
    }
    // the speller's view does not carry the words
    expect(JSON.stringify(res.body)).not.toContain('"rain"');
  });

  it('makes a partnered game of twenty words, honouring difficulty and timer, only by invite', async () => {
    const [a, b] = await Promise.all([player(t.url), player(t.url)]);
    // naming a partner over REST is refused: they did not agree
    const forced = await api<{ message: string }>(t.url, 'POST', '/v1/ai/CreateCustomGame', {
      token: a.login.token.accessToken,
      body: {
        category: 'music',
        userId: b.login.user._id,
        speaker: a.login.user._id,
        difficulty: '2',
        gametimer: '120',
      },
    });
    expect(forced.status).toBe(403);
    expect(forced.body.message).toBe(NEEDS_CONSENT);
    const gameId = await invitedGame(a.socket, b.socket, b.login.user._id, {
      category: 'category_custom',
      topic: 'music',
      difficulty: 'advanced',
      gameTimer: 120,
    });
    const [row] = await t.server.database.db.select().from(games).where(eq(games.id, gameId));
    expect(row).toMatchObject({ solo: false, difficulty: 'advanced', gameTimerSeconds: 120 });
    expect(row?.words).toHaveLength(20);
    a.socket.disconnect();
    b.socket.disconnect();
  });

  it('says clearly when a topic yields too few words, and makes no game', async () => {
    const me = await guest(t.url);
    const res = await api<{ message: string; code: string }>(t.url, 'POST', '/v1/ai/CreateCustomGame', {
      token: me.token.accessToken,
      body: { category: 'qwertyuiop', userId: me.user._id },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('NOT_ENOUGH_WORDS');
    expect(res.body.message).toMatch(/gave only 0 playable words; a game needs 10/);
    const mine = await t.server.database.db.select().from(games).where(eq(games.spellerId, me.user._id));
    expect(mine).toEqual([]);
  });

  it('refuses bad input with a message', async () => {
    const me = await guest(t.url);
    const cases: [unknown, RegExp][] = [
      [{ userId: me.user._id }, /topic/],
      [{ category: 'x', userId: me.user._id }, /at least 2/],
      [{ category: '<script>', userId: me.user._id }, /letters, spaces/],
      [{ category: 'music', userId: 'nope' }, /valid id/],
      [{ category: 'music', userId: me.user._id, difficulty: '7' }, /difficulty/],
      [{ category: 'music', userId: me.user._id, gametimer: '5' }, /at least 10/],
      [{ category: 'music', userId: me.user._id, words: 'many' }, /words must be/],
    ];
    for (const [body, message] of cases) {
      const res = await api<{ message: string }>(t.url, 'POST', '/v1/ai/CreateCustomGame', {
        token: me.token.accessToken,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    // someone else's game
    const other = await guest(t.url);
    const res = await api(t.url, 'POST', '/v1/ai/CreateCustomGame', {
      token: me.token.accessToken,
      body: { category: 'music', userId: other.user._id },
    });
    expect(res.status).toBe(403);
    expect(
      (await api(t.url, 'POST', '/v1/ai/CreateCustomGame', { body: { category: 'music' } })).status,
    ).toBe(401);
  });

  it("checks a player's own words against the dictionary", async () => {
    const me = await guest(t.url);
    const own = [
      'apple',
      'banana',
      'xqzt',
      'grape',
      'melon',
      'pear',
      'peach',
      'plum',
      'lemon',
      'mango',
      'cherry',
      'orange',
      'lime',
    ];
    const res = await api<GameView>(t.url, 'POST', '/v1/ai/CreateCustomGame', {
      token: me.token.accessToken,
      body: { category: 'my fruit', userId: me.user._id, words: own },
    });
    expect(res.status).toBe(200);
    const [row] = await t.server.database.db.select().from(games).where(eq(games.id, res.body._id));
    expect(row?.words.map((w) => w.word)).not.toContain('xqzt');
    expect(row?.words).toHaveLength(10);
  });

  it.skipIf(onPostgres)('lists the topics most played by most players as trending', async () => {
    const db = t.server.database.db;
    await db.delete(topicPlays);
    const players = await Promise.all([guest(t.url), guest(t.url), guest(t.url)]);
    const play = (p: (typeof players)[number], topic: string) =>
      api(t.url, 'POST', '/v1/ai/CreateCustomGame', {
        token: p.token.accessToken,
        body: { category: topic, userId: p.user._id },
      });
    for (const p of players) expect((await play(p, 'Sports')).status).toBe(200);
    for (const p of players.slice(0, 2)) expect((await play(p, 'weather')).status).toBe(200);
    expect((await play(players[0]!, 'clothing')).status).toBe(200);
    const res = await api<TrendingTopicsAnswer>(t.url, 'GET', '/v1/sayspell-trending-topic');
    expect(res.status).toBe(200);
    expect(res.body.sortedCustomResults).toEqual([
      { categoryName: 'sports' },
      { categoryName: 'weather' },
      { categoryName: 'clothing' },
    ]);
  });
});

/** a tiny server speaking the OpenAI chat completions protocol */
function fakeModelServer(answer: (prompt: string) => string) {
  const requests: { auth: string | undefined; body: { model: string; messages: { content: string }[] } }[] =
    [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw);
      requests.push({ auth: req.headers.authorization, body });
      const prompt = body.messages.at(-1).content as string;
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1,
          model: body.model,
          choices: [
            { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer(prompt) } },
          ],
        }),
      );
    });
  });
  return new Promise<{ url: string; requests: typeof requests; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/v1`,
        requests,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}

describe('custom topic games, OpenAI-compatible provider', () => {
  it('asks the model and plays only the words the dictionary knows', async () => {
    const model = await fakeModelServer(
      () =>
        '1. Volcano\n2. lava\n3. magma\n4. crater\n5. ash\n6. eruption\n7. zzzplorf\n8. geyser\n9. ember\n10. smoke\n11. rock\n12. heat\n13. lava',
    );
    const t = await startServer({
      env: {
        TOPIC_PROVIDER: 'openai',
        OPENAI_BASE_URL: model.url,
        OPENAI_API_KEY: 'sk-test',
        OPENAI_MODEL: 'tiny',
      },
    });
    try {
      const me = await guest(t.url);
      const res = await api<GameView>(t.url, 'POST', '/v1/ai/CreateCustomGame', {
        token: me.token.accessToken,
        body: { category: 'volcanoes', userId: me.user._id },
      });
      expect(res.status).toBe(200);
      expect(model.requests).toHaveLength(1);
      expect(model.requests[0]?.auth).toBe('Bearer sk-test');
      expect(model.requests[0]?.body.model).toBe('tiny');
      expect(model.requests[0]?.body.messages.at(-1)?.content).toMatch(
        /beginner level words about the topic: volcanoes/,
      );
      const [row] = await t.server.database.db.select().from(games).where(eq(games.id, res.body._id));
      const words = row!.words.map((w) => w.word);
      expect(words).toContain('volcano');
      expect(words).not.toContain('zzzplorf');
      expect(new Set(words).size).toBe(words.length);
      expect(words).toHaveLength(10);
    } finally {
      await t.close();
      await model.close();
    }
  });

  it('tells the player when the model server does not answer', async () => {
    const model = await fakeModelServer(() => '');
    await model.close();
    const t = await startServer({
      env: { TOPIC_PROVIDER: 'openai', OPENAI_BASE_URL: model.url, OPENAI_TIMEOUT_MS: '1000' },
    });
    try {
      const me = await guest(t.url);
      const res = await api<{ message: string }>(t.url, 'POST', '/v1/ai/CreateCustomGame', {
        token: me.token.accessToken,
        body: { category: 'volcanoes', userId: me.user._id },
      });
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/not answering/);
    } finally {
      await t.close();
    }
  });
});
