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
