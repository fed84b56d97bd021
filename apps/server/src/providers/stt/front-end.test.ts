import { describe, expect, it } from 'vitest';
import { bandPass, normalise, prepare, speechSpan } from './front-end.ts';

const RATE = 16_000;
/** a tone burst of `ms` at `at` ms inside `total` ms, over a faint hiss */
function burst(total: number, at: number, ms: number, amplitude = 8000, freq = 440): Int16Array {
  const out = new Int16Array((total / 1000) * RATE);
  let seed = 7;
  for (let i = 0; i < out.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const hiss = ((seed / 2 ** 31) * 2 - 1) * 30;
    const t = (i / RATE) * 1000;
    const on = t >= at && t < at + ms;
    out[i] = Math.round(hiss + (on ? amplitude * Math.sin((2 * Math.PI * freq * i) / RATE) : 0));
  }
  return out;
}
const rms = (x: Int16Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / Math.max(1, x.length));

describe('the front end', () => {
  it('finds the word inside a longer recording and trims to it with a margin', () => {
    const pcm = burst(2500, 900, 500);
    const span = speechSpan(pcm)!;
    expect(span.from / RATE).toBeCloseTo(0.9, 1);
    expect(span.to / RATE).toBeCloseTo(1.4, 1);
    const trimmed = prepare(pcm, { trimMarginMs: 200, targetRmsDb: null, telephoneBand: false });
    expect(trimmed.length / RATE).toBeCloseTo(0.9, 1);
  });

  it('hears nothing in silence or steady noise', () => {
    expect(prepare(new Int16Array(RATE))).toHaveLength(0);
    expect(prepare(burst(2000, 0, 2000, 3000))).toHaveLength(0);
  });

  it('brings a quiet and a loud recording of the same word to one level', () => {
    const opts = { trimMarginMs: 200, targetRmsDb: -20, telephoneBand: false };
    const quiet = prepare(burst(2500, 900, 500, 300), opts);
    const loud = prepare(burst(2500, 900, 500, 20000), opts);
    expect(rms(quiet) / rms(loud)).toBeGreaterThan(0.8);
    expect(rms(quiet) / rms(loud)).toBeLessThan(1.25);
    // never clipped
    expect(Math.max(...normalise(burst(500, 0, 500, 30000), 0))).toBeLessThanOrEqual(32767);
  });

  it('keeps the telephone band and cuts what lies outside it', () => {
    const inside = rms(bandPass(burst(500, 0, 500, 8000, 1000)));
    const low = rms(bandPass(burst(500, 0, 500, 8000, 80)));
    const high = rms(bandPass(burst(500, 0, 500, 8000, 7000)));
    expect(inside).toBeGreaterThan(4500);
    expect(low).toBeLessThan(inside / 10);
    expect(high).toBeLessThan(inside / 10);
  });
});
