import { describe, expect, it } from 'vitest';
import { downmix, encodeWav, resample, toWavBlob } from './wav-recorder.ts';

const ascii = (view: DataView, at: number, n: number) =>
  String.fromCharCode(...Array.from({ length: n }, (_, i) => view.getUint8(at + i)));

function sine(rate: number, hz: number, seconds: number): Float32Array {
  return Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) =>
    Math.sin((2 * Math.PI * hz * i) / rate),
  );
}

/** the strength of one frequency in a signal (one bin of a discrete Fourier transform) */
function power(samples: Float32Array, rate: number, hz: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < samples.length; i++) {
    re += (samples[i] ?? 0) * Math.cos((2 * Math.PI * hz * i) / rate);
    im += (samples[i] ?? 0) * Math.sin((2 * Math.PI * hz * i) / rate);
  }
  return Math.hypot(re, im) / samples.length;
}

describe('downmix', () => {
  it('averages the channels', () => {
    const out = downmix([Float32Array.from([1, 0.5, -1]), Float32Array.from([0, 0.5, 1])]);
    expect(Array.from(out)).toEqual([0.5, 0.5, 0]);
  });

  it('copies a single channel and answers nothing for no channels', () => {
    const one = Float32Array.from([0.25, -0.25]);
    const out = downmix([one]);
    expect(Array.from(out)).toEqual([0.25, -0.25]);
    expect(out).not.toBe(one);
    expect(downmix([])).toHaveLength(0);
  });
});

describe('resample', () => {
  it('turns one second at 48 kHz into one second at 16 kHz, keeping a speech tone', () => {
    const input = sine(48_000, 440, 1);
    const out = resample(input, 48_000);
    expect(out).toHaveLength(16_000);
    // the tone is still at 440 Hz (half amplitude in one bin of a real sine)
    expect(power(out, 16_000, 440)).toBeGreaterThan(0.45);
    expect(power(out, 16_000, 1000)).toBeLessThan(0.01);
  });

  it('keeps 44.1 kHz input the right length', () => {
    expect(resample(sine(44_100, 300, 2.5), 44_100)).toHaveLength(40_000);
  });

  it('interpolates when going up', () => {
    const out = resample(Float32Array.from([0, 1]), 8_000, 16_000);
    expect(Array.from(out)).toEqual([0, 0.5, 1, 1]);
  });

  it('averages away a tone above the new Nyquist frequency better than dropping samples would', () => {
    // 15 kHz at 48 kHz: picking every third sample would alias it to a loud 1 kHz tone
    const out = resample(sine(48_000, 15_000, 1), 48_000);
    expect(power(out, 16_000, 1000)).toBeLessThan(0.25);
  });
});

describe('encodeWav', () => {
  it('writes a 16 kHz mono PCM16 RIFF header and clipped little-endian samples', () => {
    const buffer = encodeWav(Float32Array.from([0, 1, -1, 0.5, 2, -2]));
    const view = new DataView(buffer);
    expect(buffer.byteLength).toBe(44 + 12);
    expect(ascii(view, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 12);
    expect(ascii(view, 8, 4)).toBe('WAVE');
    expect(ascii(view, 12, 4)).toBe('fmt ');
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(view, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(12);
    const samples = Array.from({ length: 6 }, (_, i) => view.getInt16(44 + i * 2, true));
    expect(samples).toEqual([0, 32767, -32768, 16384, 32767, -32768]);
  });
});

describe('toWavBlob', () => {
  it('joins stereo chunks, clips to the limit and encodes at 16 kHz', async () => {
    const chunk = () => [new Float32Array(4800).fill(0.5), new Float32Array(4800).fill(-0.5)];
    // 4 chunks of 0.1 s at 48 kHz, clipped to 0.25 s
    const blob = toWavBlob([chunk(), chunk(), chunk(), chunk()], 48_000, 0.25);
    expect(blob.type).toBe('audio/wav');
    const view = new DataView(await blob.arrayBuffer());
    expect(view.getUint32(40, true)).toBe(4000 * 2);
    // left and right cancel out
    expect(view.getInt16(44, true)).toBe(0);
  });
});
