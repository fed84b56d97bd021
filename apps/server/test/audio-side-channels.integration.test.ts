import { createHash } from 'node:crypto';
import type { Difficulty } from '@sayspell/core/constants';
import type { GameView } from '@sayspell/core/protocol/game';
import { categoryName } from '@sayspell/core/rules/options';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { words as wordsTable } from '../src/db/schema.ts';
import { createGameRepository } from '../src/games/game-repository.ts';
import { api, ask, guest, socketFor, soloGameBody, startServer, type TestServer } from './harness.ts';
import { partneredGame, player, startTogether } from './partnered.ts';

// the speller as a cheater (issue 13): the category and difficulty are shown and the word bank is
// public, so a script can ask every endpoint a signed-in player may call to speak each candidate
// word, and compare what comes back with the turn's audio: bytes and hashes, lengths, headers,
// and answer times. none of it may pick out the word. (the speech-to-text side is issue 18's test.)

// small categories keep the run short (48 candidates); each game has its own, so the first game's
// tries have not warmed the cache for the second's
const SOLO = { category: 'category_landscapes', difficulty: 'beginner' } as const;
const PARTNERED = { category: 'category_landscapes', difficulty: 'intermediate' } as const;

interface Answer {
  status: number;
  bytes: Buffer;
  hash: string;
  /** the headers, but those every answer has with its own value (date, length, requests left) */
  headers: string;
  ms: number;
}

const VARYING = new Set(['date', 'content-length', 'connection', 'keep-alive']);

async function timed(url: string, init: RequestInit = {}): Promise<Answer> {
  // the answer time is the cheater's own measurement: it is compared across candidates, never
  // with a fixed number
  const started = performance.now();
  const res = await fetch(url, init);
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  const headers = [...res.headers]
    .filter(([name]) => !VARYING.has(name) && !name.startsWith('x-ratelimit-'))
    .map(([name, value]) => `${name}: ${value}`)
    .sort()
    .join('\n');
  return { status: res.status, bytes, hash: createHash('sha256').update(bytes).digest('hex'), headers, ms };
}

/** what the cheater's attacks say the word is; null when an attack has no pick */
interface Picks {
  sameBytes: string[];
  sameLength: string[];
  oddHeaders: string[];
  fastest: string | null;
}

function attack(turnAudio: Answer[], tries: Map<string, Answer>): Picks {
  const entries = [...tries];
  const hashes = new Set(turnAudio.map((a) => a.hash));
  const lengths = new Set(turnAudio.map((a) => a.bytes.length));
  // the header set most candidates got; a candidate answered differently stands out
  const counts = new Map<string, number>();
  for (const [, a] of entries) counts.set(a.headers, (counts.get(a.headers) ?? 0) + 1);
  const usual = [...counts].sort((x, y) => y[1] - x[1])[0]?.[0];
  // a cache hit answers several times faster than a synthesis: the fastest candidate is picked
  // when it is clearly faster than all the others
  const byTime = [...entries].sort((x, y) => x[1].ms - y[1].ms);
  const [first, second] = byTime;
  return {
    sameBytes: entries.filter(([, a]) => hashes.has(a.hash)).map(([w]) => w),
    sameLength: entries.filter(([, a]) => lengths.has(a.bytes.length)).map(([w]) => w),
    oddHeaders: entries.filter(([, a]) => a.headers !== usual).map(([w]) => w),
    fastest: first && second && first[1].ms < second[1].ms / 2 ? first[0] : null,
  };
}

let t: TestServer;

beforeAll(async () => {
  // the per-user budget would stop this cheater early: it is lifted, to show that even a player
  // with unlimited requests learns nothing
  t = await startServer({ env: { TTS_USER_PER_MINUTE: '100000' } });
});
afterAll(() => t?.close());

async function candidates(game: GameView): Promise<string[]> {
  const rows = await t.server.database.db
    .select({ word: wordsTable.word })
    .from(wordsTable)
    .where(
      and(
        eq(wordsTable.language, game.language.name),
        eq(wordsTable.category, categoryName(game.category) ?? game.category),
        eq(wordsTable.difficulty, game.difficulty as Difficulty),
      ),
    );
  return [...new Set(rows.map((r) => r.word))];
}

/** the cheater's whole run against one turn: every candidate through every speech endpoint */
async function cheat(token: string, audioPath: string, game: GameView, word: string) {
  const auth = { authorization: `Bearer ${token}` };
  const link = `${t.url}${audioPath}`;
  const turnAudio = [await timed(link), await timed(link)];
  for (const a of turnAudio) expect(a.status).toBe(200);
  const words = await candidates(game);
  expect(words.length).toBeGreaterThanOrEqual(40);
  expect(words).toContain(word);

  const voices = await timed(`${t.url}/v1/speech/voices?language=English`, { headers: auth });
  expect(voices.status).toBe(200);
  expect(voices.bytes.toString('utf8').toLowerCase()).not.toContain(`"${word}"`);

  const publicTries = new Map<string, Answer>();
  const testTries = new Map<string, Answer>();
  for (const w of words) {
    publicTries.set(
      w,
      await timed(`${t.url}/v1/google/text-to-speech?text=${encodeURIComponent(w)}`, { headers: auth }),
    );
    testTries.set(
      w,
      await timed(`${t.url}/v1/google/text-to-speech-test`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ text: w, settings: {} }),
      }),
    );
  }
  for (const a of [...publicTries.values(), ...testTries.values()]) expect(a.status).toBe(200);
  // the link is asked again after all that: its answer must not have changed with what was asked
  const after = await timed(link);
  return {
    turnAudio,
    after,
    public: attack(turnAudio, publicTries),
    voiceTest: attack(turnAudio, testTries),
  };
}

// every attack's verdict in one object, so a failure shows all the ways the word was found
function expectNothingFound(found: Awaited<ReturnType<typeof cheat>>, word: string) {
  const verdict = (picks: Picks) => ({
    identicalBytes: picks.sameBytes,
    identicalLength: picks.sameLength,
    answeredWithOtherHeaders: picks.oddHeaders.includes(word),
    answeredFasterThanAllOthers: picks.fastest === word,
  });
  const nothing = {
    identicalBytes: [],
    identicalLength: [],
    answeredWithOtherHeaders: false,
    answeredFasterThanAllOthers: false,
  };
  expect({
    // the turn's audio says nothing about caches, and its answer does not change with what was asked
    linkTellsCache: [...found.turnAudio, found.after].some((a) => /speech-cache/i.test(a.headers)),
    linkChangedWithRequests: found.after.headers !== found.turnAudio[0]?.headers,
    publicTextToSpeech: verdict(found.public),
    textToSpeechTest: verdict(found.voiceTest),
  }).toEqual({
    linkTellsCache: false,
    linkChangedWithRequests: false,
    publicTextToSpeech: nothing,
    textToSpeechTest: nothing,
  });
}

describe('a cheating speller learns nothing from speech', () => {
  it('in a solo game: bytes, lengths, headers and answer times across every candidate', async () => {
    const { token, user } = await guest(t.url);
    const created = await api<GameView>(t.url, 'POST', '/v1/game', {
      token: token.accessToken,
      body: soloGameBody(user._id, SOLO),
    });
    expect(created.status).toBe(200);
    const socket = await socketFor(t.url, token.accessToken);
    const hs = await ask<{ ok: boolean; game: GameView }>(socket, 'initiate-handshake', {
      gameId: created.body._id,
    });
    const audio = hs.game.current?.audio;
    expect(audio).toBeTruthy();
    // the server knows the word; the test reads it from the game's row, the cheater never does
    const row = await createGameRepository(t.server.database.db).get(created.body._id);
    const word = row?.words[row.currentIndex]?.word ?? '';
    expect(word).not.toBe('');
    const found = await cheat(token.accessToken, audio ?? '', hs.game, word);
    expectNothingFound(found, word);
    socket.disconnect();
  });

  it('in a partnered game, as the speller', async () => {
    const speaker = await player(t.url);
    const speller = await player(t.url);
    const game = await partneredGame(t.url, speaker, speller, PARTNERED);
    const views = await startTogether(game, speaker, speller);
    const word = views.speaker.current?.word ?? '';
    expect(word).not.toBe('');
    const audio = views.speller.current?.audio;
    expect(audio).toBeTruthy();
    const found = await cheat(speller.login.token.accessToken, audio ?? '', views.speller, word);
    expectNothingFound(found, word);
    speaker.socket.disconnect();
    speller.socket.disconnect();
  });
});
