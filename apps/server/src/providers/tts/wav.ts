export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Byte offset and length of the PCM data inside the file. */
  dataOffset: number;
  dataLength: number;
  durationMs: number;
}

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/** Reads a PCM WAV header; returns null when the bytes are not a usable WAV file. */
export function parseWav(bytes: Uint8Array): WavInfo | null {
  if (bytes.length < 44 || ascii(bytes, 0) !== 'RIFF' || ascii(bytes, 8) !== 'WAVE') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fmt: { channels: number; sampleRate: number; bitsPerSample: number } | null = null;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ' && body + 16 <= bytes.length) {
      fmt = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data' && fmt) {
      if (fmt.channels === 0 || fmt.sampleRate === 0 || fmt.bitsPerSample % 8 !== 0) return null;
      // streamed WAVs (written to a pipe) carry a placeholder size: trust the bytes we have
      const dataLength = Math.min(size, bytes.length - body);
      const frameBytes = fmt.channels * (fmt.bitsPerSample / 8);
      const durationMs = (Math.floor(dataLength / frameBytes) / fmt.sampleRate) * 1000;
      return { ...fmt, dataOffset: body, dataLength, durationMs };
    }
    at = body + size + (size % 2);
  }
  return null;
}

/** Mono 16-bit samples of a WAV file (the first channel when there are several). */
export function pcm16Samples(bytes: Uint8Array, info: WavInfo): Int16Array {
  if (info.bitsPerSample !== 16) throw new Error(`expected 16-bit PCM, got ${info.bitsPerSample}-bit`);
  const view = new DataView(bytes.buffer, bytes.byteOffset + info.dataOffset, info.dataLength);
  const frames = Math.floor(info.dataLength / (2 * info.channels));
  const out = new Int16Array(frames);
  for (let i = 0; i < frames; i++) out[i] = view.getInt16(i * 2 * info.channels, true);
  return out;
}
