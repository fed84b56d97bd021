// reads a recording the browser sends: RIFF WAV, PCM 16-bit, any rate, mono or stereo. every
// offset is checked against the buffer, so a hostile file can only be refused, never read past.

export const TARGET_RATE = 16_000;

export class WavError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WavError';
  }
}

export interface DecodedWav {
  sampleRate: number;
  channels: number;
  /** interleaved samples */
  samples: Int16Array;
  durationMs: number;
}

const PCM = 1;
const EXTENSIBLE = 0xfffe;
const MIN_RATE = 4000;
const MAX_RATE = 192_000;
const MAX_CHANNELS = 8;
/** shorter than this holds no word */
export const MIN_DURATION_MS = 100;

const tag = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

/** decodes a WAV file or throws a WavError whose message a person understands */
export function decodeWav(bytes: Uint8Array, opts: { maxDurationMs?: number } = {}): DecodedWav {
  if (bytes.length < 12 || tag(bytes, 0) !== 'RIFF' || tag(bytes, 8) !== 'WAVE') {
    throw new WavError('The recording is not a WAV file (RIFF/WAVE header missing).');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fmt:
    | { format: number; channels: number; sampleRate: number; bits: number; blockAlign: number }
    | undefined;
  let data: { offset: number; length: number } | undefined;
  let at = 12;
  while (at + 8 <= bytes.length && !data) {
    const id = tag(bytes, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + size > bytes.length) throw new WavError('The WAV format chunk is damaged.');
      let format = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID
      if (format === EXTENSIBLE && size >= 40) format = view.getUint16(body + 24, true);
      fmt = {
        format,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        blockAlign: view.getUint16(body + 12, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!fmt) throw new WavError('The WAV file has its data before its format chunk.');
      // a WAV written to a pipe carries a placeholder size: trust the bytes that are there
      data = { offset: body, length: Math.min(size, bytes.length - body) };
    }
    at = body + size + (size % 2);
  }
  if (!fmt) throw new WavError('The WAV file has no format chunk.');
  if (!data) throw new WavError('The WAV file has no audio data.');
  if (fmt.format !== PCM || fmt.bits !== 16) {
    throw new WavError('The recording must be PCM 16-bit WAV (other encodings are not accepted).');
  }
  if (fmt.channels < 1 || fmt.channels > MAX_CHANNELS) {
    throw new WavError('The recording must be mono or stereo.');
  }
  if (fmt.sampleRate < MIN_RATE || fmt.sampleRate > MAX_RATE) {
    throw new WavError(`The sample rate ${fmt.sampleRate} Hz is not supported (${MIN_RATE}–${MAX_RATE} Hz).`);
  }
  const frames = Math.floor(data.length / (2 * fmt.channels));
  const durationMs = (frames / fmt.sampleRate) * 1000;
  if (durationMs < MIN_DURATION_MS) throw new WavError('The recording is empty or too short to hold a word.');
  const max = opts.maxDurationMs;
  if (max !== undefined && durationMs > max) {
    throw new WavError(`The recording is too long: at most ${max / 1000} seconds.`);
  }
  const samples = new Int16Array(frames * fmt.channels);
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(data.offset + i * 2, true);
  return { sampleRate: fmt.sampleRate, channels: fmt.channels, samples, durationMs };
}

/** averages the channels into one */
export function toMono(samples: Int16Array, channels: number): Int16Array {
  if (channels === 1) return samples;
  const frames = Math.floor(samples.length / channels);
  const out = new Int16Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += samples[f * channels + c]!;
    out[f] = Math.round(sum / channels);
  }
  return out;
}

/** linear-interpolation resampling, after a low-pass when going down (else 8–11 kHz of a 22 kHz
 * recording folds into the speech band and the recogniser hears other words) */
export function resample(input: Int16Array, from: number, to: number): Int16Array {
  if (from === to || input.length === 0) return input;
  const samples = to < from ? lowPass(input, (0.45 * to) / from) : input;
  const length = Math.max(1, Math.floor((samples.length * to) / from));
  const out = new Int16Array(length);
  const step = from / to;
  for (let i = 0; i < length; i++) {
    const x = i * step;
    const i0 = Math.floor(x);
    const i1 = Math.min(i0 + 1, samples.length - 1);
    const frac = x - i0;
    out[i] = Math.round(samples[i0]! * (1 - frac) + samples[i1]! * frac);
  }
  return out;
}

/** windowed-sinc FIR low-pass; cutoff as a fraction of the sample rate */
export function lowPass(samples: Int16Array, cutoff: number, taps = 31): Int16Array {
  const half = (taps - 1) / 2;
  const kernel = new Float64Array(taps);
  let sum = 0;
  for (let k = 0; k < taps; k++) {
    const n = k - half;
    const sinc = n === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * n) / (Math.PI * n);
    const hamming = 0.54 - 0.46 * Math.cos((2 * Math.PI * k) / (taps - 1));
    kernel[k] = sinc * hamming;
    sum += kernel[k]!;
  }
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    let acc = 0;
    for (let k = 0; k < taps; k++) {
      const j = i + k - half;
      if (j >= 0 && j < samples.length) acc += samples[j]! * kernel[k]!;
    }
    out[i] = Math.max(-32768, Math.min(32767, Math.round(acc / sum)));
  }
  return out;
}

/** a WAV file as 16 kHz mono samples, what the recognisers want */
export function wavTo16kMono(bytes: Uint8Array, opts: { maxDurationMs?: number } = {}): Int16Array {
  const wav = decodeWav(bytes, opts);
  return resample(toMono(wav.samples, wav.channels), wav.sampleRate, TARGET_RATE);
}

/** a mono 16-bit WAV file (tests and the bench build recordings with it) */
export function encodeWav(samples: Int16Array, sampleRate: number, channels = 1): Uint8Array {
  const out = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(out.buffer);
  const put = (at: number, s: string) => {
    for (let i = 0; i < 4; i++) out[at + i] = s.charCodeAt(i);
  };
  put(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  put(8, 'WAVE');
  put(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, PCM, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  put(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) view.setInt16(44 + i * 2, samples[i]!, true);
  return out;
}
