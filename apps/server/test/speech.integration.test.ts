import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseSpeech, medianPitchHz } from '../src/providers/tts/speech-checks.ts';
import { findExecutable } from '../src/providers/tts/system-command.ts';
import { api, guest, serverPool, startServer, type TestServer } from './harness.ts';

// speech out (§7): the voices of the active provider, and text-to-speech-test with voice, rate and
// pitch, on the real engines and on Google's REST protocol served by a local stand-in

type Voice = { id: string; name: string; language: string; gender?: string; provider: string };

async function speakTest(url: string, token: string | undefined, body: unknown) {
  const res = await fetch(`${url}/v1/google/text-to-speech-test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const data = new Uint8Array(await res.arrayBuffer());
  let json: { message?: string; code?: string } = {};
  if (!res.headers.get('content-type')?.startsWith('audio/'))
    json = JSON.parse(new TextDecoder().decode(data));
  return { status: res.status, data, json, cache: res.headers.get('x-speech-cache') };
}

for (const provider of ['flite', 'espeak-ng'] as const) {
  describe.skipIf(!findExecutable(provider))(`speech with ${provider}`, () => {
    let t: TestServer;
    let token: string;
    beforeAll(async () => {
      // every English voice is tried once: more than one minute's budget
      t = await startServer({ env: { TTS_PROVIDER: provider, TTS_USER_PER_MINUTE: '1000' } });
      token = (await guest(t.url)).token.accessToken;
    });
    afterAll(() => t?.close());

    it('lists the English voices the engine has, each of which speaks', async () => {
      const res = await api<{ data: Voice[] }>(t.url, 'GET', '/v1/speech/voices?language=English');
      expect(res.status).toBe(200);
      const ids = res.body.data.map((v) => v.id);
      expect(ids).toEqual(
        expect.arrayContaining(provider === 'flite' ? ['slt', 'kal', 'awb'] : ['en-us', 'en-gb', 'en-us+f3']),
      );
      for (const v of res.body.data) {
        expect(v).toMatchObject({ provider, language: expect.stringMatching(/^en/i) });
        const spoken = await speakTest(t.url, token, { text: 'hello', settings: { voice: v.id } });
        expect(spoken.status, v.id).toBe(200);
        expect(analyseSpeech(spoken.data).voicedMs, v.id).toBeGreaterThan(150);
      }
      const all = await api<{ data: Voice[] }>(t.url, 'GET', '/v1/speech/voices');
      expect(all.body.data.length).toBeGreaterThanOrEqual(res.body.data.length);
      const klingon = await api<{ data: Voice[] }>(t.url, 'GET', '/v1/speech/voices?language=Klingon');
      expect(klingon.body.data).toEqual([]);
      expect((await api(t.url, 'GET', `/v1/speech/voices?language=${'x'.repeat(41)}`)).status).toBe(400);
    });

    it('speaks faster and higher as asked, and no answer tells a cache hit', async () => {
      const voice = provider === 'flite' ? 'slt' : 'en-us';
      const say = (settings: object) =>
        speakTest(t.url, token, {
          text: 'the quick brown fox jumps over the lazy dog',
          settings: { voice, ...settings },
        });
      const slow = await say({ rate: 0.5 });
      const fast = await say({ rate: 2 });
      expect(analyseSpeech(slow.data).durationMs).toBeGreaterThan(2.5 * analyseSpeech(fast.data).durationMs);
      const low = medianPitchHz((await say({ pitch: 0.7 })).data);
      const high = medianPitchHz((await say({ pitch: 1.6 })).data);
      expect(high).toBeGreaterThan(1.4 * low);
      // no answer says whether it came from a cache (a game's word could be found that way)
      expect([slow.cache, fast.cache, (await say({ rate: 2 })).cache]).toEqual([null, null, null]);
    });

    it('refuses bad settings, bad text and callers who are not signed in', async () => {
      const bad = (body: unknown) => speakTest(t.url, token, body);
      const unknown = await bad({ text: 'hello', settings: { voice: 'robot' } });
      expect(unknown.status).toBe(400);
      expect(unknown.json.message).toMatch(/^There is no voice "robot"\. Choose one of: .*(slt|en-us)/);
      expect((await bad({ text: 'hello', settings: { rate: 3 } })).json.message).toContain('at most 2');
      expect((await bad({ text: 'hello', settings: { pitch: 0.1 } })).status).toBe(400);
      expect((await bad({ text: 'hello', settings: { rate: '1' } })).status).toBe(400);
      expect((await bad({ text: 'x'.repeat(201), settings: {} })).status).toBe(400);
      expect((await bad({ text: '   ', settings: {} })).status).toBe(400);
      expect((await bad({ text: 'hi', settings: {}, extra: 1 })).status).toBe(400);
      expect((await bad({ settings: {} })).status).toBe(400);
      expect((await speakTest(t.url, undefined, { text: 'hello', settings: {} })).status).toBe(401);
      // settings may be left out: the default voice at normal speed
      expect((await bad({ text: 'hello' })).status).toBe(200);
    });
  });
}

/** a stand-in for texttospeech.googleapis.com: a tone at 200 Hz shifted by the pitch, one second / rate */
function fakeGoogle(opts: { key: string }) {
  const requests: { path: string; body: unknown }[] = [];
  let mode: 'ok' | 'garbage' | 'error500' = 'ok';
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = raw ? JSON.parse(raw) : undefined;
      requests.push({ path: `${req.method} ${url.pathname}`, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      };
      if (url.searchParams.get('key') !== opts.key)
        return send(403, {
          error: { code: 403, message: 'API key not valid.', status: 'PERMISSION_DENIED' },
        });
      if (mode === 'error500') return send(500, { error: { code: 500, message: 'Internal error' } });
      if (req.method === 'GET' && url.pathname === '/v1/voices') {
        return send(200, {
          voices: [
            {
              languageCodes: ['en-US'],
              name: 'en-US-Standard-C',
              ssmlGender: 'FEMALE',
              naturalSampleRateHertz: 24000,
            },
            {
              languageCodes: ['en-GB'],
              name: 'en-GB-Standard-B',
              ssmlGender: 'MALE',
              naturalSampleRateHertz: 24000,
            },
            {
              languageCodes: ['es-ES'],
              name: 'es-ES-Standard-A',
              ssmlGender: 'FEMALE',
              naturalSampleRateHertz: 24000,
            },
          ],
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/text:synthesize') {
        if (mode === 'garbage')
          return send(200, { audioContent: Buffer.from('not a wav file').toString('base64') });
        const { speakingRate = 1, pitch = 0 } = body.audioConfig ?? {};
        return send(200, {
          audioContent: Buffer.from(tone(200 * 2 ** (pitch / 12), 1 / speakingRate)).toString('base64'),
        });
      }
      send(404, { error: { code: 404, message: 'Not found' } });
    });
  });
  return {
    requests,
    setMode: (m: typeof mode) => {
      mode = m;
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        // the server's fetch keeps its connection alive
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** a 16-bit mono WAV file of a sine tone, as Google's LINEAR16 answers are */
function tone(hz: number, seconds: number): Uint8Array {
  const rate = 16000;
  const n = Math.round(rate * seconds);
  const buf = Buffer.alloc(44 + n * 2);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + n * 2, 4);
  buf.write('WAVEfmt ', 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++)
    buf.writeInt16LE(Math.round(12000 * Math.sin((2 * Math.PI * hz * i) / rate)), 44 + i * 2);
  return new Uint8Array(buf);
}

describe('speech with Google Cloud text-to-speech', () => {
  const google = fakeGoogle({ key: 'test-key-123' });
  let t: TestServer;
  let token: string;
  let googleUrl: string;
  beforeAll(async () => {
    googleUrl = await google.listen();
    // auto picks Google when a key is set
    t = await startServer({ env: { GOOGLE_TTS_KEY: 'test-key-123', GOOGLE_TTS_URL: googleUrl } });
    token = (await guest(t.url)).token.accessToken;
  });
  afterAll(async () => {
    await t?.close();
    await google.close();
  });

  it('lists Google voices by language', async () => {
    const res = await api<{ data: Voice[] }>(t.url, 'GET', '/v1/speech/voices?language=English');
    expect(res.body.data).toEqual([
      {
        id: 'en-US-Standard-C',
        name: 'en-US-Standard-C',
        language: 'en-US',
        gender: 'female',
        provider: 'google',
      },
      {
        id: 'en-GB-Standard-B',
        name: 'en-GB-Standard-B',
        language: 'en-GB',
        gender: 'male',
        provider: 'google',
      },
    ]);
  });

  it('sends the text, voice, rate and pitch in Google terms and returns its WAV', async () => {
    const res = await speakTest(t.url, token, {
      text: 'hello',
      settings: { voice: 'en-GB-Standard-B', rate: 2, pitch: 2 },
    });
    expect(res.status).toBe(200);
    expect(google.requests.at(-1)).toEqual({
      path: 'POST /v1/text:synthesize',
      body: {
        input: { text: 'hello' },
        voice: { languageCode: 'en-GB', name: 'en-GB-Standard-B' },
        audioConfig: { audioEncoding: 'LINEAR16', speakingRate: 2, pitch: 12 },
      },
    });
    expect(analyseSpeech(res.data).durationMs).toBe(500);
    expect(medianPitchHz(res.data)).toBeGreaterThan(380);
    // the game's own speech goes through Google too, with its default voice
    const plain = await fetch(`${t.url}/v1/google/text-to-speech?text=giraffe`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(plain.status).toBe(200);
    expect(analyseSpeech(new Uint8Array(await plain.arrayBuffer())).durationMs).toBe(1000);
    expect(google.requests.at(-1)?.body).toMatchObject({ voice: { languageCode: 'en-US' } });
    const unknown = await speakTest(t.url, token, { text: 'hello', settings: { voice: 'en-US-Wavenet-Z' } });
    expect(unknown.json.message).toBe(
      'There is no voice "en-US-Wavenet-Z". Choose one of: en-US-Standard-C, en-GB-Standard-B, es-ES-Standard-A.',
    );
  });

  it('answers 502 or 503, never 500, when Google fails', async () => {
    google.setMode('garbage');
    const garbage = await speakTest(t.url, token, { text: 'garbage please' });
    expect(garbage).toMatchObject({ status: 502, json: { code: 'BAD_GATEWAY' } });
    google.setMode('error500');
    const down = await speakTest(t.url, token, { text: 'server error please' });
    expect(down).toMatchObject({
      status: 503,
      json: { message: 'Google text-to-speech answered 500: Internal error' },
    });
    google.setMode('ok');
  });

  it('a wrong key is a 502 that does not show the key; an unreachable service a 503', async () => {
    const wrongKey = await startServer({
      env: { TTS_PROVIDER: 'google', GOOGLE_TTS_KEY: 'wrong-key-456', GOOGLE_TTS_URL: googleUrl },
    });
    try {
      const g = await guest(wrongKey.url);
      const res = await speakTest(wrongKey.url, g.token.accessToken, { text: 'hello' });
      expect(res).toMatchObject({
        status: 502,
        json: { message: 'Google text-to-speech answered 403: API key not valid.' },
      });
      expect(JSON.stringify(res.json)).not.toContain('wrong-key-456');
      expect((await api(wrongKey.url, 'GET', '/v1/speech/voices')).status).toBe(502);
    } finally {
      await wrongKey.close();
    }
    // a port nothing listens on
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const gone = await startServer({
      env: { GOOGLE_TTS_KEY: 'k', GOOGLE_TTS_URL: `http://127.0.0.1:${port}` },
    });
    try {
      const g = await guest(gone.url);
      const res = await speakTest(gone.url, g.token.accessToken, { text: 'hello' });
      expect(res).toMatchObject({
        status: 503,
        json: { message: 'Google text-to-speech cannot be reached right now.' },
      });
    } finally {
      await gone.close();
    }
  });
});

describe('public speech is signed in and bounded', () => {
  const start = serverPool();
  // distinct ~200-character texts: each one is a real synthesis, never a cache hit
  const long = (n: number) =>
    `${n} ${'the quick brown fox jumps over the lazy dog and runs far away '.repeat(4)}`.slice(0, 200);
  const speak = (url: string, token: string | undefined, text: string) =>
    api(url, 'GET', `/v1/google/text-to-speech?text=${encodeURIComponent(text)}`, token ? { token } : {});

  it('needs sign-in and keeps each user to a budget per minute', async () => {
    const t = await start({ env: { TTS_USER_PER_MINUTE: '3' } });
    const anonymous = await speak(t.url, undefined, 'hello');
    expect(anonymous.status).toBe(401);
    const a = (await guest(t.url)).token.accessToken;
    for (const word of ['one', 'two', 'three']) expect((await speak(t.url, a, word)).status).toBe(200);
    const spent = await speak(t.url, a, 'four');
    expect(spent.status).toBe(429);
    expect(spent.body).toMatchObject({
      message: 'You have used your 3 text-to-speech requests for this minute; try again in a minute.',
    });
    // the voice test shares the budget; another player is not affected
    expect((await speakTest(t.url, a, { text: 'five' })).status).toBe(429);
    const b = (await guest(t.url)).token.accessToken;
    expect((await speak(t.url, b, 'four')).status).toBe(200);
  });

  it('refuses at once, with a sentence, what would otherwise wait in a queue', async () => {
    const t = await start({ env: { TTS_PUBLIC_MAX_PENDING: '2' } });
    const one = (await guest(t.url)).token.accessToken;
    // one user: two requests on the way at most
    const mine = await Promise.all([1, 2, 3, 4].map((n) => speak(t.url, one, long(n))));
    const refused = mine.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0]?.body).toMatchObject({
      message: 'You already have 2 speech requests on the way; wait for them to finish.',
    });
    // many users: the lane holds two in all, the rest are told to come back
    const users = await Promise.all([1, 2, 3, 4].map(() => guest(t.url)));
    const all = await Promise.all(users.map((u, n) => speak(t.url, u.token.accessToken, long(10 + n))));
    const busy = all.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(busy[0]?.body).toMatchObject({
      message: 'Speech synthesis is busy right now; try again in a few seconds.',
    });
    expect(all.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
  });
});
