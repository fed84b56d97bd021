import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTts, normaliseText, type TtsService } from './create-tts.ts';
import { analyseSpeech } from './speech-checks.ts';
import { findExecutable } from './system-command.ts';

describe('normaliseText', () => {
  it('trims and collapses whitespace', () => {
    expect(normaliseText('  ice \n\t cream ')).toBe('ice cream');
  });

  it.each([
    ['empty', ''],
    ['blank', ' \n\t '],
    ['too long', 'a'.repeat(201)],
    ['control characters', 'a\u0000b'],
    ['not a string', 42],
  ])('refuses %s text with code BAD_TEXT', (_, text) => {
    expect(() => normaliseText(text)).toThrow(expect.objectContaining({ code: 'BAD_TEXT' }));
  });

  it('counts characters, not UTF-16 units', () => {
    expect(normaliseText('é'.repeat(200))).toHaveLength(200);
    expect(normaliseText('😀'.repeat(200))).toHaveLength(400);
  });
});

describe('createTts with espeak-wasm', () => {
  let tts: TtsService;
  beforeAll(() => {
    tts = createTts({ provider: 'espeak-wasm', cacheBytes: 200_000 });
  });
  afterAll(() => tts.close());

  it('speaks WAV audio and serves a repeat from the cache', async () => {
    expect(tts.providerName).toBe('espeak-wasm');
    const first = await tts.speak('giraffe');
    expect(first).toMatchObject({ contentType: 'audio/wav', cached: false });
    expect(analyseSpeech(first.data).voicedMs).toBeGreaterThan(200);
    const again = await tts.speak('  giraffe ');
    expect(again.cached).toBe(true);
    expect(again.data).toBe(first.data);
    expect((await tts.speak('giraffe', 'en-gb')).cached).toBe(false);
  });

  it('refuses bad text with code BAD_TEXT before any synthesis', async () => {
    await expect(tts.speak('   ')).rejects.toMatchObject({
      code: 'BAD_TEXT',
      message: 'The text to speak is empty.',
    });
    await expect(tts.speak('x'.repeat(201))).rejects.toMatchObject({ code: 'BAD_TEXT' });
  });

  it('accepts 200 characters', async () => {
    const result = await tts.speak('spelling '.repeat(30).slice(0, 200));
    expect(analyseSpeech(result.data).durationMs).toBeGreaterThan(5000);
  });

  it('keeps the cache within its byte budget', async () => {
    const words = ['acorn', 'badger', 'canyon', 'dolphin', 'ember', 'falcon', 'glacier', 'harbour'];
    for (const word of words) await tts.speak(word);
    // ~40 kB per word: 200 kB hold the most recent few only
    expect((await tts.speak('harbour')).cached).toBe(true);
    expect((await tts.speak('acorn')).cached).toBe(false);
  });

  it('shares one synthesis between concurrent requests for the same word', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => tts.speak('kangaroo')));
    for (const r of results) expect(r.data).toBe(results[0]?.data);
  });

  it('refuses to speak once closed', async () => {
    const closing = createTts({ provider: 'espeak-wasm' });
    await closing.close();
    await expect(closing.speak('hello')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});

describe('provider choice', () => {
  const savedPath = process.env.PATH;
  let bin = '';
  beforeAll(async () => {
    bin = await mkdtemp(join(tmpdir(), 'sayspell-bin-'));
  });
  afterEach(() => {
    process.env.PATH = savedPath;
  });
  afterAll(() => rm(bin, { recursive: true, force: true }));

  const withPath = async (programs: string[]) => {
    const dir = await mkdtemp(join(bin, 'path-'));
    for (const name of programs) await symlink(findExecutable(name, savedPath)!, join(dir, name));
    process.env.PATH = dir;
  };

  it('falls back to espeak-wasm when no system synthesizer is installed, and logs the choice', async () => {
    await withPath([]);
    const logged: object[] = [];
    const tts = createTts({ logger: { info: (obj) => logged.push(obj) } });
    expect(tts.providerName).toBe('espeak-wasm');
    expect(logged).toEqual([{ requested: 'auto', provider: 'espeak-wasm' }]);
    await tts.close();
  });

  it('fails at creation when the requested program is missing', async () => {
    await withPath([]);
    expect(() => createTts({ provider: 'flite' })).toThrow('flite is not installed');
    expect(() => createTts({ provider: 'espeak-ng' })).toThrow('espeak-ng is not installed');
  });

  it.skipIf(!findExecutable('espeak-ng'))('prefers system espeak-ng over WASM', async () => {
    await withPath(['espeak-ng']);
    const tts = createTts({});
    expect(tts.providerName).toBe('espeak-ng');
    expect(analyseSpeech((await tts.speak('zebra')).data).voicedMs).toBeGreaterThan(200);
    await tts.close();
  });

  it.skipIf(!findExecutable('flite') || !findExecutable('espeak-ng'))(
    'prefers flite over everything',
    async () => {
      await withPath(['espeak-ng', 'flite']);
      const tts = createTts({ provider: 'auto' });
      expect(tts.providerName).toBe('flite');
      expect(analyseSpeech((await tts.speak('zebra')).data).voicedMs).toBeGreaterThan(200);
      await tts.close();
    },
  );
});
