import { NORMAL_PROSODY, type Prosody, type SpeechSynthesizer } from './types.ts';

export interface SynthesisCacheOptions {
  /** Upper bound on the audio bytes held; the least recently used entries go first. */
  maxBytes?: number;
  maxEntries?: number;
}

export interface SynthesisCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  /** Requests that joined a synthesis already running for the same key. */
  joined: number;
}

export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;
export const DEFAULT_CACHE_ENTRIES = 4096;

/**
 * An LRU cache of synthesized audio keyed by (voice, rate, pitch, text). Concurrent requests for one key share a
 * single synthesis; failures are not kept, so the next request tries again.
 * Callers get the cached bytes themselves: treat them as read-only.
 */
export class SynthesisCache {
  // a Map iterates in insertion order: re-inserting on every hit keeps the oldest use first
  private readonly entries = new Map<string, Uint8Array>();
  private readonly running = new Map<string, Promise<Uint8Array>>();
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private joined = 0;

  constructor(
    private readonly synthesizer: SpeechSynthesizer,
    options: SynthesisCacheOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES;
    this.maxEntries = options.maxEntries ?? DEFAULT_CACHE_ENTRIES;
  }

  async synthesize(
    text: string,
    voice: string,
    prosody: Prosody = NORMAL_PROSODY,
  ): Promise<{ data: Uint8Array; cached: boolean }> {
    const key = JSON.stringify([voice, prosody.rate, prosody.pitch, text]);
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.hits++;
      return { data: hit, cached: true };
    }
    let running = this.running.get(key);
    if (running) {
      this.joined++;
    } else {
      this.misses++;
      running = this.synthesizer
        .synthesize(text, voice, prosody)
        .then((data) => {
          this.store(key, data);
          return data;
        })
        .finally(() => this.running.delete(key));
      this.running.set(key, running);
    }
    return { data: await running, cached: false };
  }

  stats(): SynthesisCacheStats {
    return {
      entries: this.entries.size,
      bytes: this.bytes,
      hits: this.hits,
      misses: this.misses,
      joined: this.joined,
    };
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }

  private store(key: string, data: Uint8Array) {
    const size = entrySize(key, data);
    // one entry larger than the whole budget would only flush everything else
    if (size > this.maxBytes || this.maxEntries < 1) return;
    const previous = this.entries.get(key);
    if (previous) this.bytes -= entrySize(key, previous);
    this.entries.delete(key);
    this.entries.set(key, data);
    this.bytes += size;
    for (const [oldKey, oldData] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldKey);
      this.bytes -= entrySize(oldKey, oldData);
    }
  }
}

const entrySize = (key: string, data: Uint8Array) => data.byteLength + key.length * 2;
