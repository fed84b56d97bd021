import { parentPort } from 'node:worker_threads';
import { EspeakWasmEngine } from './espeak-wasm-engine.ts';
import type { Prosody } from './types.ts';

export interface SynthesisRequest {
  id: number;
  text: string;
  voice: string;
  prosody: Prosody;
}

export type SynthesisReply = { id: number; wav: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('espeak-wasm-worker.ts runs in a worker thread');

const engine = EspeakWasmEngine.load();
engine.catch(() => {}); // reported to each request below

port.on('message', async ({ id, text, voice, prosody }: SynthesisRequest) => {
  try {
    const wav = await (await engine).synthesize(text, voice, prosody);
    port.postMessage({ id, wav } satisfies SynthesisReply, [wav.buffer as ArrayBuffer]);
  } catch (err) {
    port.postMessage({
      id,
      error: err instanceof Error ? err.message : String(err),
    } satisfies SynthesisReply);
  }
});
