import type { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { EspeakWasmSynthesizer } from './espeak-wasm.ts';
import { analyseSpeech } from './speech-checks.ts';

const espeak = new EspeakWasmSynthesizer();
afterAll(() => espeak.close());

describe('espeak-wasm', () => {
  it('speaks a word as a 16-bit mono WAV file with audible speech of a plausible length', async () => {
    const wav = await espeak.synthesize('elephant', 'en-us');
    expect(new TextDecoder().decode(wav.subarray(0, 4))).toBe('RIFF');
    expect(new TextDecoder().decode(wav.subarray(8, 12))).toBe('WAVE');
    expect(wav.length).toBeGreaterThan(10_000);
    const speech = analyseSpeech(wav);
    expect(speech).toMatchObject({ sampleRate: 22050, channels: 1, bitsPerSample: 16 });
    expect(speech.durationMs).toBeGreaterThan(400);
    expect(speech.durationMs).toBeLessThan(2500);
    expect(speech.voicedMs).toBeGreaterThan(200);
    expect(speech.rms).toBeGreaterThan(500);
  });

  it('gives different words different audio, and the same word the same audio', async () => {
    const [cat, necessary, catAgain] = [
      await espeak.synthesize('cat', 'en-us'),
      await espeak.synthesize('necessary', 'en-us'),
      await espeak.synthesize('cat', 'en-us'),
    ];
    expect(Buffer.from(cat).equals(Buffer.from(necessary))).toBe(false);
    expect(analyseSpeech(necessary).voicedMs).toBeGreaterThan(analyseSpeech(cat).voicedMs);
    expect(Buffer.from(cat).equals(Buffer.from(catAgain))).toBe(true);
  });

  it('speaks text that looks like command-line options instead of obeying it', async () => {
    // as options these would print the version or help and write no audio at all
    for (const text of ['--version', '--help', '-w /etc/passwd']) {
      const speech = analyseSpeech(await espeak.synthesize(text, 'en-us'));
      expect(speech.voicedMs, text).toBeGreaterThan(300);
    }
    const dashV = await espeak.synthesize('-v', 'en-us');
    expect(Buffer.from(dashV).equals(Buffer.from(await espeak.synthesize('v', 'en-us')))).toBe(true);
  });

  it('handles concurrent requests one at a time with the same results as in sequence', async () => {
    const words = ['apple', 'banana', 'cherry', 'damson'];
    const together = await Promise.all(words.map((w) => espeak.synthesize(w, 'en-us')));
    for (const [i, word] of words.entries()) {
      const alone = await espeak.synthesize(word, 'en-us');
      expect(Buffer.from(together[i] ?? []).equals(Buffer.from(alone)), word).toBe(true);
    }
  });

  it('honours the voice and reports an unknown one without breaking later requests', async () => {
    const us = await espeak.synthesize('tomato', 'en-us');
    const gb = await espeak.synthesize('tomato', 'en-gb');
    expect(Buffer.from(us).equals(Buffer.from(gb))).toBe(false);
    await expect(espeak.synthesize('tomato', 'xx-nowhere')).rejects.toMatchObject({
      code: 'TTS_FAILED',
      message: expect.stringContaining('voice does not exist'),
    });
    await expect(espeak.synthesize('tomato', '../voices/x')).rejects.toMatchObject({ code: 'BAD_VOICE' });
    await expect(espeak.synthesize('tomato', '-w')).rejects.toMatchObject({ code: 'BAD_VOICE' });
    expect(analyseSpeech(await espeak.synthesize('tomato', 'en-us')).voicedMs).toBeGreaterThan(200);
  });

  it('speaks the longest text the service accepts', async () => {
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(5).slice(0, 200);
    const speech = analyseSpeech(await espeak.synthesize(text, 'en-us'));
    expect(speech.durationMs).toBeGreaterThan(8_000);
  });

  it('kills a synthesis that runs past its time limit', async () => {
    const slow = new EspeakWasmSynthesizer({ timeoutMs: 1 });
    try {
      await expect(slow.synthesize('hello', 'en-us')).rejects.toMatchObject({
        code: 'TTS_FAILED',
        message: expect.stringContaining('took longer than 1 ms'),
      });
    } finally {
      await slow.close();
    }
  });

  it('fails only the running request when its worker dies, then starts a fresh worker', async () => {
    const fragile = new EspeakWasmSynthesizer();
    try {
      const doomed = fragile.synthesize('hello', 'en-us');
      const queued = fragile.synthesize('world', 'en-us');
      // reaching into the private worker stands in for a crash of the thread
      await (fragile as unknown as { worker: Worker }).worker.terminate();
      await expect(doomed).rejects.toMatchObject({
        code: 'TTS_FAILED',
        message: expect.stringContaining('exited'),
      });
      expect(analyseSpeech(await queued).voicedMs).toBeGreaterThan(200);
    } finally {
      await fragile.close();
    }
  });

  it('refuses requests beyond its queue and rejects waiting ones on close', async () => {
    const small = new EspeakWasmSynthesizer({ maxQueue: 1 });
    const running = small.synthesize('one', 'en-us');
    const waiting = small.synthesize('two', 'en-us');
    await expect(small.synthesize('three', 'en-us')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const settled = Promise.allSettled([running, waiting]);
    await small.close();
    for (const result of await settled) {
      expect(result).toMatchObject({ status: 'rejected', reason: { code: 'UNAVAILABLE' } });
    }
  });
});
