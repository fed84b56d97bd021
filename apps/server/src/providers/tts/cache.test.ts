import { describe, expect, it } from 'vitest';
import { SynthesisCache } from './cache.ts';
import type { SpeechSynthesizer } from './types.ts';

// a stand-in engine that records its calls: bytes are `size` copies of a per-text marker
function countingSynthesizer(options: { size?: number; failFirst?: boolean; delayMs?: number } = {}) {
  const calls: string[] = [];
  let failures = options.failFirst ? 1 : 0;
  const synthesizer: SpeechSynthesizer = {
    name: 'counting',
    async synthesize(text, voice) {
      calls.push(`${voice}:${text}`);
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 5));
      if (failures > 0) {
        failures--;
        throw new Error('engine failed');
      }
      return new Uint8Array(options.size ?? 1000).fill(text.length);
    },
  };
  return { synthesizer, calls };
}

describe('SynthesisCache', () => {
  it('serves the second request for the same voice and text from memory', async () => {
    const { synthesizer, calls } = countingSynthesizer();
    const cache = new SynthesisCache(synthesizer);
    const first = await cache.synthesize('hello', 'en-us');
    const second = await cache.synthesize('hello', 'en-us');
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.data).toBe(first.data);
    expect(calls).toEqual(['en-us:hello']);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
  });

  it('keys on the voice as well as the text', async () => {
    const { synthesizer, calls } = countingSynthesizer();
    const cache = new SynthesisCache(synthesizer);
    await cache.synthesize('hello', 'en-us');
    expect((await cache.synthesize('hello', 'en-gb')).cached).toBe(false);
    expect(calls).toEqual(['en-us:hello', 'en-gb:hello']);
  });

  it('runs one synthesis for concurrent identical requests', async () => {
    const { synthesizer, calls } = countingSynthesizer({ delayMs: 30 });
    const cache = new SynthesisCache(synthesizer);
    const results = await Promise.all(Array.from({ length: 5 }, () => cache.synthesize('hello', 'en-us')));
    expect(calls).toEqual(['en-us:hello']);
    for (const r of results) expect(r.data).toBe(results[0]?.data);
    expect(cache.stats()).toMatchObject({ misses: 1, joined: 4 });
    expect((await cache.synthesize('hello', 'en-us')).cached).toBe(true);
  });

  it('does not keep failures: every waiter sees the error and the next request tries again', async () => {
    const { synthesizer, calls } = countingSynthesizer({ failFirst: true });
    const cache = new SynthesisCache(synthesizer);
    const failed = await Promise.allSettled([
      cache.synthesize('hello', 'en-us'),
      cache.synthesize('hello', 'en-us'),
    ]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(cache.stats().entries).toBe(0);
    const retried = await cache.synthesize('hello', 'en-us');
    expect(retried.cached).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it('stays within its byte budget by evicting the least recently used entry', async () => {
    const { synthesizer, calls } = countingSynthesizer({ size: 10_000 });
    const cache = new SynthesisCache(synthesizer, { maxBytes: 35_000 });
    await cache.synthesize('a', 'en-us');
    await cache.synthesize('bb', 'en-us');
    await cache.synthesize('ccc', 'en-us');
    await cache.synthesize('a', 'en-us'); // 'a' is now the most recent, 'bb' the oldest
    await cache.synthesize('dddd', 'en-us');
    expect(cache.stats().entries).toBe(3);
    expect(cache.stats().bytes).toBeLessThanOrEqual(35_000);
    expect((await cache.synthesize('a', 'en-us')).cached).toBe(true);
    expect((await cache.synthesize('ccc', 'en-us')).cached).toBe(true);
    expect((await cache.synthesize('bb', 'en-us')).cached).toBe(false);
    expect(calls.filter((c) => c === 'en-us:bb')).toHaveLength(2);
  });

  it('stays within its entry count', async () => {
    const { synthesizer } = countingSynthesizer({ size: 10 });
    const cache = new SynthesisCache(synthesizer, { maxEntries: 2 });
    for (const text of ['a', 'b', 'c', 'd']) await cache.synthesize(text, 'en-us');
    expect(cache.stats().entries).toBe(2);
    expect((await cache.synthesize('d', 'en-us')).cached).toBe(true);
    expect((await cache.synthesize('a', 'en-us')).cached).toBe(false);
  });

  it('does not let one oversized result flush everything else', async () => {
    const { synthesizer } = countingSynthesizer({ size: 50_000 });
    const cache = new SynthesisCache(synthesizer, { maxBytes: 20_000 });
    await cache.synthesize('huge', 'en-us');
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('treats text and voice as separate parts of the key', async () => {
    const { synthesizer, calls } = countingSynthesizer();
    const cache = new SynthesisCache(synthesizer);
    await cache.synthesize('b c', 'a');
    await cache.synthesize('c', 'a b');
    expect(calls).toHaveLength(2);
  });
});
