import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { decodeWav, encodeWav } from '@sayspell/server/providers/stt/wav';

// what a microphone sends: the word inside a 2.5 s recording (the web app records 2.5 s), clean
// or as heard over a call: tempo changed (sox's WSOLA), noise at a signal-to-noise ratio measured
// on the speech, a quieter level, then the telephone band (300–3400 Hz). sox does the tempo and
// the band-pass; the noise is seeded, so every run hears the same recordings.

export interface Condition {
  id: string;
  /** sox tempo factor: below 1 is slower */
  tempo: number;
  /** noise level against the speech, dB; null for none */
  snrDb: number | null;
  /** level change, dB (a phone held further away) */
  gainDb: number;
  telephoneBand: boolean;
}

export const CONDITIONS: Condition[] = [
  { id: 'clean', tempo: 1, snrDb: null, gainDb: 0, telephoneBand: false },
  { id: 'call: band, 20 dB SNR, 8 % slower', tempo: 0.92, snrDb: 20, gainDb: -6, telephoneBand: true },
  { id: 'call: band, 10 dB SNR, 10 % faster', tempo: 1.1, snrDb: 10, gainDb: -12, telephoneBand: true },
];

export const RECORD_SECONDS = 2.5;
const LEAD_SECONDS = 0.4;
const RATE = 16_000;

/** a small seeded generator (mulberry32) */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** reads `source` (any WAV), applies the condition, writes a 16 kHz mono WAV to `target` */
export function applyCondition(source: string, target: string, c: Condition): void {
  const tmp = `${target}.tmp.wav`;
  execFileSync('sox', [
    source,
    '-r',
    String(RATE),
    '-c',
    '1',
    '-b',
    '16',
    tmp,
    ...(c.tempo !== 1 ? ['tempo', String(c.tempo)] : []),
  ]);
  const speech = decodeWav(fs.readFileSync(tmp)).samples;
  const total = Math.max(
    Math.round(RECORD_SECONDS * RATE),
    speech.length + Math.round(LEAD_SECONDS * RATE * 1.5),
  );
  const out = new Float64Array(total);
  const lead = Math.round(LEAD_SECONDS * RATE);
  let energy = 0;
  for (let i = 0; i < speech.length; i++) {
    out[lead + i] = speech[i]!;
    energy += speech[i]! ** 2;
  }
  if (c.snrDb !== null) {
    // pink-ish noise (white through a one-pole low-pass), scaled against the speech's power
    const rand = random(seedOf(target));
    const noise = new Float64Array(total);
    let state = 0;
    let noiseEnergy = 0;
    for (let i = 0; i < total; i++) {
      state = 0.9 * state + 0.1 * (rand() * 2 - 1);
      noise[i] = state + 0.05 * (rand() * 2 - 1);
      noiseEnergy += noise[i]! ** 2;
    }
    const speechPower = energy / Math.max(1, speech.length);
    const noisePower = noiseEnergy / total;
    const scale = Math.sqrt(speechPower / (noisePower * 10 ** (c.snrDb / 10)));
    for (let i = 0; i < total; i++) out[i]! += noise[i]! * scale;
  }
  const gain = 10 ** (c.gainDb / 20);
  const pcm = Int16Array.from(out, (x) => Math.max(-32768, Math.min(32767, Math.round(x * gain))));
  fs.writeFileSync(tmp, encodeWav(pcm, RATE));
  if (c.telephoneBand) execFileSync('sox', [tmp, target, 'sinc', '300-3400']);
  else fs.renameSync(tmp, target);
  fs.rmSync(tmp, { force: true });
}
