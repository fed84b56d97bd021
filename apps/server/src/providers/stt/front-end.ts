// what the recogniser hears of a recording: the speech found by its energy (a voice-activity
// trim with a margin either side), brought to one level, optionally limited to the telephone band.
// a 2.5 s recording holds a word of about half a second: without the trim, the silence (or a
// call's noise) weighs as much in the per-frame scores as the word itself.

const RATE = 16_000;
const FRAME = RATE / 100; // 10 ms

export interface FrontEndOptions {
  /** trim to the speech, keeping this much either side, ms; 0 keeps everything */
  trimMarginMs: number;
  /** the speech's loudness after normalisation, dB below full scale (RMS); null leaves the level */
  targetRmsDb: number | null;
  /** band-limit to 300–3400 Hz (what a call carries), so clean and call audio sound alike */
  telephoneBand: boolean;
}

export const DEFAULT_FRONT_END: FrontEndOptions = {
  trimMarginMs: 200,
  targetRmsDb: -20,
  telephoneBand: false,
};

/** frames' energy in dB (full scale = 0) */
function frameLevels(pcm: Int16Array): Float64Array {
  const n = Math.floor(pcm.length / FRAME);
  const out = new Float64Array(n);
  for (let f = 0; f < n; f++) {
    let sum = 0;
    for (let i = f * FRAME; i < (f + 1) * FRAME; i++) sum += pcm[i]! * pcm[i]!;
    out[f] = 10 * Math.log10(sum / FRAME / 32768 ** 2 + 1e-12);
  }
  return out;
}

/**
 * the span of frames that holds speech: louder than the noise floor by 9 dB and within 30 dB of
 * the loudest frame, at least 50 ms of it; null when nothing stands out of the noise
 */
export function speechSpan(pcm: Int16Array): { from: number; to: number } | null {
  const levels = frameLevels(pcm);
  if (levels.length < 5) return null;
  const sorted = [...levels].sort((a, b) => a - b);
  const floor = sorted[Math.floor(sorted.length * 0.1)]!;
  const peak = sorted[sorted.length - 1]!;
  // a recording of silence or steady noise: no frame stands out
  if (peak - floor < 9 || peak < -60) return null;
  const threshold = Math.max(floor + 9, peak - 30);
  let from = -1;
  let to = -1;
  for (let f = 0; f < levels.length; f++) {
    if (levels[f]! >= threshold) {
      if (from < 0) from = f;
      to = f;
    }
  }
  if (from < 0 || to - from + 1 < 5) return null;
  return { from: from * FRAME, to: (to + 1) * FRAME };
}

/** the recording as the recogniser should hear it; an empty array when it holds no speech */
export function prepare(pcm: Int16Array, opts: FrontEndOptions = DEFAULT_FRONT_END): Int16Array {
  let out = opts.telephoneBand ? bandPass(pcm) : pcm;
  if (opts.trimMarginMs > 0) {
    const span = speechSpan(out);
    if (!span) return new Int16Array(0);
    const margin = Math.round((opts.trimMarginMs / 1000) * RATE);
    out = out.slice(Math.max(0, span.from - margin), Math.min(out.length, span.to + margin));
  }
  if (opts.targetRmsDb !== null) out = normalise(out, opts.targetRmsDb);
  return out;
}

/** scales to a loudness measured on the loudest half of the frames (the speech), without clipping */
export function normalise(pcm: Int16Array, targetRmsDb: number): Int16Array {
  const levels = [...frameLevels(pcm)].sort((a, b) => b - a);
  if (!levels.length) return pcm;
  const loud = levels.slice(0, Math.max(1, Math.ceil(levels.length / 2)));
  const power = loud.reduce((s, db) => s + 10 ** (db / 10), 0) / loud.length;
  const rmsDb = 10 * Math.log10(power + 1e-12);
  let peak = 1;
  for (const x of pcm) peak = Math.max(peak, Math.abs(x));
  const gain = Math.min(10 ** ((targetRmsDb - rmsDb) / 20), 32000 / peak);
  return Int16Array.from(pcm, (x) => Math.round(x * gain));
}

/** 300–3400 Hz: two second-order high-passes at 300 Hz and two low-passes at 3400 Hz (biquads) */
export function bandPass(pcm: Int16Array): Int16Array {
  const x = Float64Array.from(pcm);
  for (const [type, f] of [
    ['high', 300],
    ['high', 300],
    ['low', 3400],
    ['low', 3400],
  ] as const)
    biquad(x, type, f);
  return Int16Array.from(x, (v) => Math.max(-32768, Math.min(32767, Math.round(v))));
}

/** an RBJ cookbook biquad (Q = 1/√2), in place */
function biquad(x: Float64Array, type: 'high' | 'low', freq: number) {
  const w = (2 * Math.PI * freq) / RATE;
  const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
  const cos = Math.cos(w);
  const b1 = type === 'low' ? 1 - cos : -(1 + cos);
  const b0 = type === 'low' ? (1 - cos) / 2 : (1 + cos) / 2;
  const a0 = 1 + alpha;
  const [c0, c1, c2, d1, d2] = [b0 / a0, b1 / a0, b0 / a0, (-2 * cos) / a0, (1 - alpha) / a0];
  let [x1, x2, y1, y2] = [0, 0, 0, 0];
  for (let i = 0; i < x.length; i++) {
    const x0 = x[i]!;
    const y0 = c0 * x0 + c1 * x1 + c2 * x2 - d1 * y1 - d2 * y2;
    x2 = x1;
    x1 = x0;
    y2 = y1;
    y1 = y0;
    x[i] = y0;
  }
}
