import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseSpeech } from './speech-checks.ts';
import {
  createEspeakNgSynthesizer,
  createFliteSynthesizer,
  findExecutable,
  SystemCommandSynthesizer,
} from './system-command.ts';

const flite = findExecutable('flite');
const espeakNg = findExecutable('espeak-ng');

describe('findExecutable', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sayspell-path-'));
    await writeFile(join(dir, 'runnable'), '#!/bin/sh\n');
    await chmod(join(dir, 'runnable'), 0o755);
    await writeFile(join(dir, 'plain'), 'not executable');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('finds executable files on the given PATH only', () => {
    expect(findExecutable('runnable', `/nonexistent:${dir}`)).toBe(join(dir, 'runnable'));
    expect(findExecutable('plain', dir)).toBeNull();
    expect(findExecutable('missing', dir)).toBeNull();
    expect(findExecutable('runnable', '')).toBeNull();
  });

  it('ignores relative PATH entries', () => {
    expect(findExecutable('runnable', '.')).toBeNull();
  });
});

describe('SystemCommandSynthesizer', () => {
  it('kills a program that runs past its time limit and removes its temporary files', async () => {
    let inputFile = '';
    const sleeper = new SystemCommandSynthesizer(
      'sleeper',
      '/bin/sleep',
      {
        voice: (v) => v,
        args: (_voice, input) => {
          inputFile = input;
          return ['5'];
        },
      },
      { timeoutMs: 100 },
    );
    const started = Date.now();
    await expect(sleeper.synthesize('hello', 'en-us')).rejects.toMatchObject({
      code: 'TTS_FAILED',
      message: 'sleeper failed: took longer than 100 ms',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(inputFile.startsWith(tmpdir())).toBe(true);
    expect(existsSync(dirname(inputFile))).toBe(false);
  });

  it('reports a failing program and one that writes no audio', async () => {
    const command = { voice: (v: string) => v, args: () => [] };
    await expect(
      new SystemCommandSynthesizer('f', '/bin/false', command).synthesize('x', 'en'),
    ).rejects.toMatchObject({
      code: 'TTS_FAILED',
    });
    await expect(
      new SystemCommandSynthesizer('t', '/bin/true', command).synthesize('x', 'en'),
    ).rejects.toMatchObject({
      code: 'TTS_FAILED',
      message: 't wrote no audio file.',
    });
  });
});

describe.skipIf(!flite)('flite', () => {
  const synth = flite ? createFliteSynthesizer() : null;

  it('speaks a word as WAV with audible speech of a plausible length', async () => {
    const speech = analyseSpeech(await synth!.synthesize('elephant', 'en-us'));
    expect(speech).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16 });
    expect(speech.durationMs).toBeGreaterThan(400);
    expect(speech.durationMs).toBeLessThan(2500);
    expect(speech.voicedMs).toBeGreaterThan(200);
    expect(speech.rms).toBeGreaterThan(500);
  });

  it('gives different words different audio', async () => {
    const cat = await synth!.synthesize('cat', 'en-us');
    const dog = await synth!.synthesize('dog', 'en-us');
    expect(Buffer.from(cat).equals(Buffer.from(dog))).toBe(false);
  });

  it('speaks text that looks like options', async () => {
    for (const text of ['--version', '-t', '-o /tmp/x.wav']) {
      expect(analyseSpeech(await synth!.synthesize(text, 'en-us')).voicedMs, text).toBeGreaterThan(100);
    }
  });

  it('maps English tags to its default voice, takes its own voice names and refuses anything else', async () => {
    expect(analyseSpeech(await synth!.synthesize('cat', 'kal')).sampleRate).toBe(8000);
    expect(analyseSpeech(await synth!.synthesize('cat', 'en-gb')).sampleRate).toBe(16000);
    // flite would load a voice file from a path or URL
    for (const voice of ['../../etc/passwd', 'http://example.com/v.flitevox', 'fr-fr']) {
      await expect(synth!.synthesize('cat', voice), voice).rejects.toMatchObject({ code: 'BAD_VOICE' });
    }
  });

  it('runs concurrent requests', async () => {
    const words = ['one', 'two', 'three', 'four', 'five', 'six'];
    const wavs = await Promise.all(words.map((w) => synth!.synthesize(w, 'en-us')));
    for (const wav of wavs) expect(analyseSpeech(wav).voicedMs).toBeGreaterThan(100);
  });
});

describe.skipIf(!espeakNg)('espeak-ng (system)', () => {
  const synth = espeakNg ? createEspeakNgSynthesizer() : null;

  it('speaks a word as WAV with audible speech of a plausible length', async () => {
    const speech = analyseSpeech(await synth!.synthesize('elephant', 'en-us'));
    expect(speech).toMatchObject({ sampleRate: 22050, channels: 1, bitsPerSample: 16 });
    expect(speech.durationMs).toBeGreaterThan(400);
    expect(speech.durationMs).toBeLessThan(2500);
    expect(speech.rms).toBeGreaterThan(500);
  });

  it('speaks text that looks like options and refuses option-like voices', async () => {
    expect(analyseSpeech(await synth!.synthesize('--version', 'en-us')).voicedMs).toBeGreaterThan(300);
    await expect(synth!.synthesize('cat', '--stdout')).rejects.toMatchObject({ code: 'BAD_VOICE' });
    await expect(synth!.synthesize('cat', 'xx-nowhere')).rejects.toMatchObject({
      code: 'TTS_FAILED',
      message: expect.stringContaining('voice does not exist'),
    });
  });
});
