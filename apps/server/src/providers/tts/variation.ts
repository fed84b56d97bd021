import { randomInt } from 'node:crypto';
import { endianness } from 'node:os';
import type { Prosody } from './types.ts';
import { parseWav, pcm16Samples } from './wav.ts';

// a game word's audio is made unique per render, so its bytes can never be matched with anything a
// client can request (the public endpoint, the voice test, another render of the same word): the
// prosody moves a little, the word starts after a random pause, the gain changes and low-level
// noise covers every sample. the file is padded to a whole bucket, so its length says little.

/** a uniform random number in [min, max), from the crypto generator (not Math.random) */
export function uniform(min: number, max: number): number {
  return min + (randomInt(0, 2 ** 32) / 2 ** 32) * (max - min);
}

/** a small natural change of speed and pitch, not heard as a different voice */
export function jitteredProsody(): Prosody {
  return { rate: round3(uniform(0.93, 1.07)), pitch: round3(uniform(0.94, 1.06)) };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** the padded length is a multiple of this; short words all fill the first (minimum) bucket */
export const BUCKET_MS = 500;
export const MIN_LENGTH_MS = 2500;
const TAIL_MS = 150;

/** a fresh, slightly different copy of a 16-bit WAV file (mono out) */
export function varyWav(wav: Uint8Array): Uint8Array {
  const info = parseWav(wav);
  if (!info) throw new Error('not a WAV file');
  const speech = pcm16Samples(wav, info);
  const rate = info.sampleRate;
  const lead = Math.round((uniform(80, 420) / 1000) * rate);
  const needed = lead + speech.length + Math.round((TAIL_MS / 1000) * rate);
  const bucket = Math.round((BUCKET_MS / 1000) * rate);
  const total = Math.max(Math.round((MIN_LENGTH_MS / 1000) * rate), Math.ceil(needed / bucket) * bucket);
  const gain = uniform(0.82, 1);
  const noise = randomBytes(total * 2);
  const out = new Int16Array(total);
  for (let i = 0; i < total; i++) {
    const at = i - lead;
    const s = at >= 0 && at < speech.length ? (speech[at] as number) * gain : 0;
    // triangular dither of about ±3 steps: far below hearing (-80 dB), but no two files share bytes
    const dither = ((noise[2 * i] as number) - (noise[2 * i + 1] as number)) / 85;
    // an Int16Array clamps nothing: keep the sum inside the 16-bit range
    out[i] = Math.max(-32768, Math.min(32767, Math.round(s + dither)));
  }
  return encodeMonoWav(out, rate);
}

// crypto.getRandomValues fills at most 65,536 bytes per call
function randomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  for (let at = 0; at < n; at += 65536) crypto.getRandomValues(bytes.subarray(at, Math.min(n, at + 65536)));
  return bytes;
}

const LITTLE_ENDIAN = endianness() === 'LE';

export function encodeMonoWav(samples: Int16Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) bytes[at + i] = s.charCodeAt(i);
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  // the samples in one copy where the machine is little-endian, as WAV is (nearly every machine)
  if (LITTLE_ENDIAN) new Int16Array(bytes.buffer, 44, samples.length).set(samples);
  else for (let i = 0; i < samples.length; i++) view.setInt16(44 + i * 2, samples[i] ?? 0, true);
  return bytes;
}
