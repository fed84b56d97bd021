import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decide, PocketsphinxRecognizer, pocketsphinxAvailable, type WorkerAnswer } from './pocketsphinx.ts';
import { SttError } from './types.ts';
import { wavTo16kMono } from './wav.ts';

const answer = (over: Partial<WorkerAnswer>): WorkerAnswer => ({
  heard: 'bat',
  homophones: ['bat'],
  similar: ['bad', 'cat'],
  grammarScore: -1000,
  expectedScore: -1000,
  phoneScore: -1100,
  frames: 50,
  ...over,
});
const bat = { word: 'bat', homophones: [] };

describe('decide', () => {
  it('matches when the grammar heard the word or a homophone', () => {
    expect(decide(answer({}), bat)).toMatchObject({ heard: 'bat', match: true });
    expect(decide(answer({ heard: 'batt', homophones: ['bat', 'batt'] }), bat).match).toBe(true);
    expect(decide(answer({ heard: 'knight' }), { word: 'night', homophones: ['knight'] }).match).toBe(true);
  });

  it('matches a near miss only when the word was almost as likely and fits the audio', () => {
    const near = decide(answer({ heard: 'bad', grammarScore: -1000, expectedScore: -600 }), bat);
    expect(near).toMatchObject({ heard: 'bat', match: true });
    const far = decide(answer({ heard: 'bad', grammarScore: -1000, expectedScore: -1400 }), bat);
    expect(far).toMatchObject({ heard: 'bad', match: false });
    const poorFit = decide(
      answer({ heard: 'bad', grammarScore: -1000, expectedScore: -600, phoneScore: -100 }),
      bat,
    );
    expect(poorFit.match).toBe(false);
  });

  it('keeps confidence in 0..1 and at least 0.5 exactly on a match; nothing heard is 0', () => {
    for (const a of [
      answer({}),
      answer({ heard: 'bad', expectedScore: -5000 }),
      answer({ heard: 'bad', expectedScore: 0, phoneScore: -50_000 }),
      answer({ phoneScore: 1e9 }),
    ]) {
      const r = decide(a, bat);
      expect(r.confidence).toBeGreaterThanOrEqual(0);
      expect(r.confidence).toBeLessThanOrEqual(1);
      expect(r.match).toBe(r.confidence >= 0.5);
    }
    expect(decide(answer({ heard: '', grammarScore: null }), bat)).toEqual({
      heard: '',
      match: false,
      confidence: 0,
    });
  });
});

describe.runIf(pocketsphinxAvailable())('the pocketsphinx worker', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-ps-'));
  const stt = new PocketsphinxRecognizer();
  afterAll(async () => {
    await stt.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const say = (word: string) => {
    const file = path.join(dir, `${word}.wav`);
    execFileSync('flite', ['-voice', 'slt', '-t', word, '-o', file]);
    return wavTo16kMono(fs.readFileSync(file));
  };

  it('checks a word, refuses one it cannot pronounce, and comes back after the worker dies', async () => {
    const elephant = say('elephant');
    expect(await stt.check(elephant, { word: 'elephant', homophones: [] })).toMatchObject({ match: true });
    expect((await stt.check(elephant, { word: 'umbrella', homophones: [] })).match).toBe(false);
    await expect(stt.check(elephant, { word: 'qzxvkw', homophones: [] })).rejects.toThrow(
      'We cannot check the pronunciation of this word.',
    );
    // the worker is killed from outside: the next check starts a new one
    const worker = (
      stt as unknown as { worker?: { kill(s: string): void; once(e: string, f: () => void): void } }
    ).worker;
    expect(worker).toBeDefined();
    await new Promise<void>((resolve) => {
      worker?.once('exit', resolve);
      worker?.kill('SIGKILL');
    });
    expect(await stt.check(elephant, { word: 'elephant', homophones: [] })).toMatchObject({ match: true });
  }, 30_000);

  it('fails a check that takes too long with UNAVAILABLE', async () => {
    const slow = new PocketsphinxRecognizer({ timeoutMs: 1 });
    try {
      // loading the model alone takes longer than 1 ms of checking: the first check times out
      await slow.warmUp();
      const err = await slow.check(say('apple'), { word: 'apple', homophones: [] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SttError);
      expect((err as SttError).code).toBe('UNAVAILABLE');
    } finally {
      await slow.close();
    }
  }, 30_000);
});
