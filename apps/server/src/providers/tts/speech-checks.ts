import { parseWav, pcm16Samples, type WavInfo } from './wav.ts';

export interface SpeechAnalysis extends WavInfo {
  /** Root mean square of the samples, on the 16-bit scale (0–32767). */
  rms: number;
  /** Time covered by 20 ms frames louder than a whisper: the spoken part, without padding. */
  voicedMs: number;
}

/** Test helper: reads a 16-bit WAV file and measures how much speech it holds. */
export function analyseSpeech(data: Uint8Array): SpeechAnalysis {
  const info = parseWav(data);
  if (!info) throw new Error('not a WAV file');
  const samples = pcm16Samples(data, info);
  const frame = Math.max(1, Math.round(info.sampleRate / 50));
  let total = 0;
  let voicedFrames = 0;
  for (let start = 0; start < samples.length; start += frame) {
    let sum = 0;
    const end = Math.min(samples.length, start + frame);
    for (let i = start; i < end; i++) sum += (samples[i] ?? 0) ** 2;
    total += sum;
    if (Math.sqrt(sum / (end - start)) > 300) voicedFrames++;
  }
  const rms = samples.length === 0 ? 0 : Math.sqrt(total / samples.length);
  return { ...info, rms, voicedMs: voicedFrames * 20 };
}

/**
 * Test helper: the median fundamental frequency (Hz) of the loud 40 ms frames, by autocorrelation
 * between 60 and 500 Hz; rough, but enough to tell a voice raised or lowered by half.
 */
export function medianPitchHz(data: Uint8Array): number {
  const info = parseWav(data);
  if (!info) throw new Error('not a WAV file');
  const samples = pcm16Samples(data, info);
  const frame = Math.round(info.sampleRate * 0.04);
  const minLag = Math.floor(info.sampleRate / 500);
  const maxLag = Math.ceil(info.sampleRate / 60);
  const found: number[] = [];
  for (let start = 0; start + frame + maxLag < samples.length; start += frame) {
    let energy = 0;
    for (let i = start; i < start + frame; i++) energy += (samples[i] ?? 0) ** 2;
    if (Math.sqrt(energy / frame) < 1000) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let sum = 0;
      for (let i = start; i < start + frame; i++) sum += (samples[i] ?? 0) * (samples[i + lag] ?? 0);
      if (sum > best) {
        best = sum;
        bestLag = lag;
      }
    }
    // voiced frames only: a strong repeat of the waveform
    if (bestLag > 0 && best > 0.5 * energy) found.push(info.sampleRate / bestLag);
  }
  found.sort((a, b) => a - b);
  return found[Math.floor(found.length / 2)] ?? 0;
}
