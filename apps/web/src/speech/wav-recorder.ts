// a short recording from the microphone as a 16 kHz mono PCM16 WAV file, the format the
// speech-to-text endpoint reads. the conversion is pure functions (tested); the capture uses a
// ScriptProcessorNode: deprecated, but it works in every browser, and an AudioWorklet module would
// need its own script file (the content security policy refuses blob: scripts)

export const TARGET_RATE = 16_000;

/** the average of the channels, sample by sample */
export function downmix(channels: readonly Float32Array[]): Float32Array {
  const first = channels[0];
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return first.slice();
  const out = new Float32Array(first.length);
  for (const channel of channels) {
    for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) + (channel[i] ?? 0);
  }
  for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) / channels.length;
  return out;
}

/**
 * converts to another sample rate. going down, each output sample averages the input samples it
 * covers (a box filter: keeps what lies above the new Nyquist frequency from folding back into
 * speech); going up, it interpolates linearly
 */
export function resample(input: Float32Array, fromRate: number, toRate = TARGET_RATE): Float32Array {
  if (fromRate === toRate || input.length === 0) return input.slice();
  const ratio = fromRate / toRate;
  const length = Math.max(1, Math.round(input.length / ratio));
  const out = new Float32Array(length);
  if (ratio > 1) {
    for (let i = 0; i < length; i++) {
      const start = Math.floor(i * ratio);
      const end = Math.min(input.length, Math.max(start + 1, Math.floor((i + 1) * ratio)));
      let sum = 0;
      for (let j = start; j < end; j++) sum += input[j] ?? 0;
      out[i] = sum / (end - start);
    }
    return out;
  }
  for (let i = 0; i < length; i++) {
    const at = i * ratio;
    const j = Math.floor(at);
    const next = input[Math.min(j + 1, input.length - 1)] ?? 0;
    const here = input[j] ?? next;
    out[i] = here + (next - here) * (at - j);
  }
  return out;
}

/** a RIFF WAVE file: 44-byte header, then signed 16-bit little-endian mono samples */
export function encodeWav(samples: Float32Array, sampleRate = TARGET_RATE): ArrayBuffer {
  const buffer = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(44 + i * 2, s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff), true);
  }
  return buffer;
}

/** the captured chunks (one array per channel each) as the WAV file to upload */
export function toWavBlob(chunks: readonly Float32Array[][], fromRate: number, maxSeconds: number): Blob {
  const mono = downmix(
    Array.from({ length: chunks[0]?.length ?? 0 }, (_, c) => concat(chunks.map((chunk) => chunk[c]!))),
  );
  const clipped = mono.subarray(0, Math.round(maxSeconds * fromRate));
  return new Blob([encodeWav(resample(clipped, fromRate))], { type: 'audio/wav' });
}

function concat(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export interface RecordOptions {
  /** stops after this long (the word is short: 2.5 s is plenty) */
  seconds: number;
  /** stops early, keeping what was heard */
  signal?: AbortSignal;
}

/** records the stream until `seconds` pass or the signal aborts; the stream's tracks stay open */
export async function recordWav(stream: MediaStream, { seconds, signal }: RecordOptions): Promise<Blob> {
  const context = new AudioContext();
  try {
    if (context.state === 'suspended') await context.resume();
    const source = context.createMediaStreamSource(stream);
    const channels = Math.min(2, Math.max(1, source.channelCount));
    const processor = context.createScriptProcessor(4096, channels, 1);
    // a silent sink keeps the processor running without sending the microphone to the speakers
    const mute = context.createGain();
    mute.gain.value = 0;
    const chunks: Float32Array[][] = [];
    let frames = 0;
    const wanted = seconds * context.sampleRate;
    await new Promise<void>((resolve) => {
      const finish = () => {
        processor.onaudioprocess = null;
        signal?.removeEventListener('abort', finish);
        clearTimeout(timer);
        resolve();
      };
      // a guard in case the audio thread never delivers (a suspended context)
      const timer = setTimeout(finish, seconds * 1000 + 1000);
      signal?.addEventListener('abort', finish);
      if (signal?.aborted) finish();
      processor.onaudioprocess = (e) => {
        const input = e.inputBuffer;
        chunks.push(
          Array.from({ length: input.numberOfChannels }, (_, c) => input.getChannelData(c).slice()),
        );
        frames += input.length;
        if (frames >= wanted) finish();
      };
      source.connect(processor);
      processor.connect(mute);
      mute.connect(context.destination);
    });
    source.disconnect();
    processor.disconnect();
    return toWavBlob(chunks, context.sampleRate, seconds);
  } finally {
    void context.close().catch(() => {});
  }
}
