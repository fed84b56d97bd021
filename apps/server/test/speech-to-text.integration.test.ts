import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { GameView } from '@sayspell/core/protocol/game';
import type { SpeechCheckAnswer } from '@sayspell/core/protocol/speech';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pocketsphinxAvailable } from '../src/providers/stt/pocketsphinx.ts';
import { encodeWav } from '../src/providers/stt/wav.ts';
import { guest, serverPool, type TestServer } from './harness.ts';
import { partneredGame, player, startTogether } from './partnered.ts';

// the speaker of a game in play records the word the server shows them; the server checks its own
// current word (never one the caller names) with pocketsphinx, on recordings made here by flite

const start = serverPool();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-stt-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function record(word: string, voice = 'slt'): Buffer {
  const file = path.join(dir, `${word}-${voice}.wav`);
  execFileSync('flite', ['-voice', voice, '-t', word, '-o', file]);
  return fs.readFileSync(file);
}

type Form = {
  wav?: Uint8Array | string;
  gameId?: string;
  index?: string;
  word?: string;
  language?: string;
  field?: string;
};

async function check(t: TestServer, token: string | undefined, form: Form) {
  const body = new FormData();
  if (form.wav !== undefined) {
    const bytes = typeof form.wav === 'string' ? new TextEncoder().encode(form.wav) : form.wav;
    body.append(
      form.field ?? 'wavfile',
      new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }),
      'word.wav',
    );
  }
  for (const key of ['gameId', 'index', 'word', 'language'] as const) {
    if (form[key] !== undefined) body.append(key, form[key]);
  }
  const res = await fetch(`${t.url}/v1/google/speech-to-text`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, body: json as SpeechCheckAnswer & { message?: string; code?: string } };
}

const silence = (seconds: number, rate = 16000) => encodeWav(new Int16Array(seconds * rate), rate);

/** a started partnered game: the speaker's and the speller's tokens and views */
async function liveGame(t: TestServer) {
  const speaker = await player(t.url);
  const speller = await player(t.url);
  const game = await partneredGame(t.url, speaker, speller);
  const views = await startTogether(game, speaker, speller);
  return {
    gameId: game._id,
    speaker: speaker.login.token.accessToken,
    speller: speller.login.token.accessToken,
    views: views as { speaker: GameView; speller: GameView },
    close() {
      speaker.socket.disconnect();
      speller.socket.disconnect();
    },
  };
}

describe.runIf(pocketsphinxAvailable())('speech-to-text with pocketsphinx', () => {
  let t: TestServer;
  let game: Awaited<ReturnType<typeof liveGame>>;
  let current: { index: number; word: string };
  beforeAll(async () => {
    t = await start({ env: { STT_PROVIDER: 'pocketsphinx' } });
    game = await liveGame(t);
    const c = game.views.speaker.current;
    if (!c?.word) throw new Error('the speaker sees no word');
    current = { index: c.index, word: c.word };
  }, 30_000);
  afterAll(() => game.close());

  it("checks the speaker's recording against the game's current word, which the server chooses", async () => {
    const wav = record(current.word);
    const res = await check(t, game.speaker, { wav, gameId: game.gameId, index: String(current.index) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data } = res.body;
    expect(data.provider).toBe('pocketsphinx');
    expect(['right', 'wrong', 'unsure']).toContain(data.verdict);
    expect(data.match).toBe(data.verdict === 'right');
    expect(data.match).toBe(data.confidence >= 0.5);
    if (data.match) expect(data.heard).toBe(current.word);
    // the turn's word may be sent along (it must be the current one)
    const named = await check(t, game.speaker, { wav, gameId: game.gameId, word: current.word });
    expect(named.status).toBe(200);
    expect(named.body.data.provider).toBe('pocketsphinx');
  }, 30_000);

  it('refuses a check for a turn that has moved on, or a word that is not the current one', async () => {
    const wav = record(current.word);
    const later = await check(t, game.speaker, {
      wav,
      gameId: game.gameId,
      index: String(current.index + 1),
    });
    expect(later.status).toBe(409);
    expect(later.body.message).toBe('The word has changed since you recorded. Check the new word.');
    const other = current.word === 'elephant' ? 'giraffe' : 'elephant';
    const named = await check(t, game.speaker, { wav, gameId: game.gameId, word: other });
    expect(named.status).toBe(409);
  });

  it('takes stereo at 48 kHz, and says it is not sure (not wrong) about silence', async () => {
    const mono = record(current.word);
    const samples = new Int16Array(
      mono.buffer.slice(
        mono.byteOffset + 44,
        mono.byteOffset + mono.byteLength - ((mono.byteLength - 44) % 2),
      ),
    );
    // 16 kHz mono -> 48 kHz stereo by repetition: the server must mix and resample it back
    const stereo = new Int16Array(samples.length * 6);
    for (let i = 0; i < samples.length; i++) stereo.fill(samples[i]!, i * 6, i * 6 + 6);
    const res = await check(t, game.speaker, { wav: encodeWav(stereo, 48000, 2), gameId: game.gameId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const quiet = await check(t, game.speaker, { wav: silence(1), gameId: game.gameId });
    expect(quiet.status).toBe(200);
    expect(quiet.body.data).toMatchObject({ heard: '', match: false, confidence: 0, verdict: 'unsure' });
  });

  it('refuses bad input with a sentence, never a 5xx', async () => {
    const wav = record('bat');
    const g = game.gameId;
    const cases: [Form, number, RegExp][] = [
      [{ wav: 'just some text, not audio', gameId: g }, 400, /not a WAV file/],
      [{ wav: wav.subarray(0, 40), gameId: g }, 400, /damaged|no audio data/],
      [{ wav: encodeWav(new Int16Array(0), 16000), gameId: g }, 400, /empty or too short/],
      [{ wav: silence(11, 8000), gameId: g }, 400, /too long: at most 10 seconds/],
      [{ wav: new Uint8Array(1024 * 1024 + 10), gameId: g }, 413, /too large: at most 1 MB/],
      [{ wav }, 400, /gameId is required/],
      [{ wav, gameId: 'not-a-game' }, 400, /gameId is required/],
      [{ wav, gameId: g, index: 'x' }, 400, /index must be the number of the word/],
      [{ wav, gameId: g, word: 'b4t' }, 400, /letters only/],
      [{ gameId: g }, 400, /recording is missing/],
      [{ wav, gameId: g, field: 'audio' }, 400, /Unexpected file field "audio"/],
      [{ wav, gameId: g, language: 'French' }, 400, /English only/],
      [{ wav, gameId: '00000000-0000-4000-8000-000000000000' }, 404, /does not exist/],
    ];
    const float = new Uint8Array(wav);
    new DataView(float.buffer).setUint16(20, 3, true);
    cases.push([{ wav: float, gameId: g }, 400, /PCM 16-bit/]);
    for (const [form, status, message] of cases) {
      const res = await check(t, game.speaker, form);
      expect(res.status, JSON.stringify(form.gameId) + JSON.stringify(res.body)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    const json = await fetch(`${t.url}/v1/google/speech-to-text`, {
      method: 'POST',
      headers: { authorization: `Bearer ${game.speaker}`, 'content-type': 'application/json' },
      body: JSON.stringify({ gameId: g }),
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { message: string }).message).toMatch(/multipart\/form-data/);
    const anonymous = await check(t, undefined, { wav, gameId: g });
    expect(anonymous.status).toBe(401);
    // English is the default and is accepted by name too
    expect((await check(t, game.speaker, { wav, gameId: g, language: 'English' })).status).toBe(200);
  });

  it('gives each player a budget of checks a minute', async () => {
    const { token } = await guest(t.url);
    const statuses: number[] = [];
    // forms without a game: each is counted, then refused before any recognition
    for (let i = 0; i < 31; i++)
      statuses.push((await check(t, token.accessToken, { wav: silence(1) })).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    const refused = await check(t, token.accessToken, { wav: silence(1) });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many pronunciation checks\. Please wait \d+ seconds? and try again\.$/,
    );
    // another player is not held up by it
    expect((await check(t, game.speaker, { wav: silence(1), gameId: game.gameId })).status).toBe(200);
  });
});

describe('speech-to-text without a provider', () => {
  it('answers 503 STT_UNAVAILABLE to the speaker of a game in play', async () => {
    const t = await start({ env: { STT_PROVIDER: 'none' } });
    const game = await liveGame(t);
    try {
      const res = await check(t, game.speaker, { wav: silence(1), gameId: game.gameId });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        code: 'STT_UNAVAILABLE',
        message: 'Speech recognition is not available on this server.',
      });
    } finally {
      game.close();
    }
  });
});

describe('speech-to-text with the Google provider', () => {
  it('speaks the speech:recognize protocol and matches the word or a homophone', async () => {
    const seen: {
      key: string | null;
      body: {
        config: { speechContexts?: { phrases: string[] }[] } & Record<string, unknown>;
        audio: { content: string };
      };
    }[] = [];
    let transcript = '';
    const google = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        if (req.method !== 'POST' || url.pathname !== '/v1/speech:recognize') {
          res.writeHead(404).end();
          return;
        }
        seen.push({ key: url.searchParams.get('key'), body: JSON.parse(raw) });
        if (transcript === 'FAIL') {
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"code":500}}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            transcript ? { results: [{ alternatives: [{ transcript, confidence: 0.92 }] }] } : {},
          ),
        );
      });
    });
    await new Promise<void>((r) => google.listen(0, '127.0.0.1', r));
    try {
      const port = (google.address() as AddressInfo).port;
      const t = await start({
        env: {
          STT_PROVIDER: 'google',
          GOOGLE_STT_KEY: 'test-key',
          GOOGLE_STT_URL: `http://127.0.0.1:${port}`,
        },
      });
      const game = await liveGame(t);
      const word = game.views.speaker.current!.word!;
      // 8 kHz stereo in, 16 kHz mono LINEAR16 out
      const wav = encodeWav(new Int16Array(8000 * 2).fill(500), 8000, 2);
      transcript = `${word[0]!.toUpperCase()}${word.slice(1)}.`;
      let res = await check(t, game.speaker, { wav, gameId: game.gameId });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        heard: word,
        match: true,
        confidence: 0.92,
        verdict: 'right',
        provider: 'google',
      });
      expect(seen[0]?.key).toBe('test-key');
      expect(seen[0]?.body.config).toMatchObject({
        encoding: 'LINEAR16',
        sampleRateHertz: 16000,
        languageCode: 'en-US',
      });
      // the hint is the game's word, chosen by the server
      expect(seen[0]?.body.config.speechContexts?.[0]?.phrases).toEqual([word]);
      expect(Buffer.from(seen[0]!.body.audio.content, 'base64').length).toBe(16000 * 2);

      transcript = 'zzyzx';
      res = await check(t, game.speaker, { wav, gameId: game.gameId });
      expect(res.body.data).toMatchObject({
        heard: 'zzyzx',
        match: false,
        verdict: 'wrong',
        provider: 'google',
      });
      expect(res.body.data.confidence).toBeLessThan(0.5);

      transcript = '';
      res = await check(t, game.speaker, { wav, gameId: game.gameId });
      expect(res.body.data).toMatchObject({ heard: '', match: false, confidence: 0, verdict: 'unsure' });

      transcript = 'FAIL';
      res = await check(t, game.speaker, { wav, gameId: game.gameId });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('STT_UNAVAILABLE');
      game.close();
    } finally {
      google.close();
    }
  });
});
