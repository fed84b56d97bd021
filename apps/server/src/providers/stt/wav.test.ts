import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav, resample, toMono, WavError, wavTo16kMono } from './wav.ts';

const tone = (n: number, rate: number) =>
  Int16Array.from({ length: n }, (_, i) => Math.round(10_000 * Math.sin((2 * Math.PI * 440 * i) / rate)));

describe('decodeWav', () => {
  it('reads mono 16-bit PCM', () => {
    const wav = decodeWav(encodeWav(tone(8000, 16000), 16000));
    expect(wav).toMatchObject({ sampleRate: 16000, channels: 1, durationMs: 500 });
    expect(wav.samples.length).toBe(8000);
  });

  it('skips unknown chunks before the data', () => {
    const plain = encodeWav(tone(4000, 8000), 8000);
    const extra = new Uint8Array([...'LIST'].map((c) => c.charCodeAt(0)).concat([3, 0, 0, 0, 1, 2, 3, 0]));
    const withList = new Uint8Array([...plain.subarray(0, 36), ...extra, ...plain.subarray(36)]);
    expect(decodeWav(withList).samples.length).toBe(4000);
  });

  it('refuses what is not a usable WAV with a clear message', () => {
    const good = encodeWav(tone(8000, 16000), 16000);
    const cases: [Uint8Array, RegExp][] = [
      [new TextEncoder().encode('hello, not audio at all'), /not a WAV file/],
      [new Uint8Array(0), /not a WAV file/],
      [good.subarray(0, 30), /damaged|no format/],
      [good.subarray(0, 36), /no audio data/],
      [encodeWav(new Int16Array(0), 16000), /empty or too short/],
      [encodeWav(tone(100, 16000), 16000), /too short/],
    ];
    const float = good.slice();
    new DataView(float.buffer).setUint16(20, 3, true);
    cases.push([float, /PCM 16-bit/]);
    const eightBit = good.slice();
    new DataView(eightBit.buffer).setUint16(34, 8, true);
    cases.push([eightBit, /PCM 16-bit/]);
    const noChannels = good.slice();
    new DataView(noChannels.buffer).setUint16(22, 0, true);
    cases.push([noChannels, /mono or stereo/]);
    const zeroRate = good.slice();
    new DataView(zeroRate.buffer).setUint32(24, 0, true);
    cases.push([zeroRate, /sample rate/]);
    const hugeFmt = good.slice();
    new DataView(hugeFmt.buffer).setUint32(16, 0xffffffff, true);
    cases.push([hugeFmt, /damaged/]);
    for (const [bytes, message] of cases) {
      expect(() => decodeWav(bytes)).toThrow(WavError);
      expect(() => decodeWav(bytes)).toThrow(message);
    }
  });

  it('trusts the bytes present when the data size is a placeholder, and bounds the duration', () => {
    const wav = encodeWav(tone(16000, 16000), 16000);
    new DataView(wav.buffer).setUint32(40, 0xffffffff, true);
    expect(decodeWav(wav).samples.length).toBe(16000);
    expect(() => decodeWav(wav, { maxDurationMs: 500 })).toThrow(/too long: at most 0.5 seconds/);
  });
});

describe('mono and 16 kHz', () => {
  it('averages stereo channels', () => {
    expect([...toMono(Int16Array.from([100, 300, -100, -300]), 2)]).toEqual([200, -200]);
  });

  it('resamples linearly, keeping the duration', () => {
    const out = resample(tone(44100, 44100), 44100, 16000);
    expect(out.length).toBe(16000);
    expect(Math.max(...out)).toBeGreaterThan(9000);
    expect([...resample(Int16Array.from([0, 100]), 8000, 16000)]).toEqual([0, 50, 100, 100]);
  });

  it('turns a stereo 44.1 kHz file into 16 kHz mono', () => {
    const stereo = new Int16Array(44100 * 2);
    stereo.fill(1000);
    expect(wavTo16kMono(encodeWav(stereo, 44100, 2)).length).toBe(16000);
  });
});
