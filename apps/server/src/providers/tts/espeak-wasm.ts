import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../../worker-thread.ts';
import type { SynthesisReply, SynthesisRequest } from './espeak-wasm-worker.ts';
import { NORMAL_PROSODY, type Prosody, type SpeechSynthesizer, TtsError, type VoiceInfo } from './types.ts';
import { espeakWasmVoices } from './voice-catalog.ts';
import { espeakVoice } from './voices.ts';

export interface EspeakWasmOptions {
  /** Longest one synthesis may run before its worker is killed (queue time not included). */
  timeoutMs?: number;
  /** Requests waiting behind the running one; more are refused with code UNAVAILABLE. */
  maxQueue?: number;
}

interface Job extends SynthesisRequest {
  resolve(wav: Uint8Array): void;
  reject(err: Error): void;
  timer?: NodeJS.Timeout;
}

/**
 * eSpeak-NG compiled to WASM, run in a worker thread: a synthesis costs ~15 ms of CPU plus ~80 ms to
 * prepare the next module instance, which would otherwise stall the server's event loop.
 */
export class EspeakWasmSynthesizer implements SpeechSynthesizer {
  readonly name = 'espeak-wasm';
  private readonly timeoutMs: number;
  private readonly maxQueue: number;
  private worker: Worker | null = null;
  private readonly waiting: Job[] = [];
  private running: Job | null = null;
  private nextId = 1;

  constructor(options: EspeakWasmOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxQueue = options.maxQueue ?? 256;
  }

  async voices(): Promise<VoiceInfo[]> {
    return espeakWasmVoices();
  }

  async synthesize(text: string, voice: string, prosody: Prosody = NORMAL_PROSODY): Promise<Uint8Array> {
    const checkedVoice = espeakVoice(voice);
    if (this.waiting.length >= this.maxQueue) {
      throw new TtsError('UNAVAILABLE', 'Speech synthesis is busy; try again shortly.');
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, text, voice: checkedVoice, prosody, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    const pending = [...(this.running ? [this.running] : []), ...this.waiting.splice(0)];
    this.running = null;
    for (const job of pending) {
      clearTimeout(job.timer);
      job.reject(new TtsError('UNAVAILABLE', 'Speech synthesis was shut down.'));
    }
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private pump() {
    if (this.running) return;
    const job = this.waiting.shift();
    if (!job) return;
    this.running = job;
    const worker = this.worker ?? this.startWorker();
    worker.ref();
    job.timer = setTimeout(
      () =>
        this.abandonWorker(new TtsError('TTS_FAILED', `espeak-wasm took longer than ${this.timeoutMs} ms.`)),
      this.timeoutMs,
    );
    worker.postMessage({
      id: job.id,
      text: job.text,
      voice: job.voice,
      prosody: job.prosody,
    } satisfies SynthesisRequest);
  }

  private settle(job: Job) {
    clearTimeout(job.timer);
    this.running = null;
    if (this.waiting.length === 0) this.worker?.unref();
    this.pump();
  }

  private onReply(reply: SynthesisReply) {
    const job = this.running;
    if (!job || job.id !== reply.id) return;
    this.settle(job);
    if ('error' in reply) job.reject(new TtsError('TTS_FAILED', reply.error));
    else job.resolve(reply.wav);
  }

  // a crashed or hung worker takes only the running job with it; the next job starts a fresh one
  private abandonWorker(err: Error) {
    const worker = this.worker;
    this.worker = null;
    worker?.terminate().catch(() => {});
    const job = this.running;
    if (!job) return;
    this.settle(job);
    job.reject(err);
  }

  private startWorker(): Worker {
    const worker = spawnWorker(import.meta.url, 'espeak-wasm-worker');
    worker.on('message', (reply: SynthesisReply) => {
      if (this.worker === worker) this.onReply(reply);
    });
    worker.on('error', (err) => {
      if (this.worker === worker)
        this.abandonWorker(new TtsError('TTS_FAILED', `espeak-wasm worker failed: ${err.message}`));
    });
    worker.on('exit', (code) => {
      if (this.worker === worker)
        this.abandonWorker(new TtsError('TTS_FAILED', `espeak-wasm worker exited (${code}).`));
    });
    this.worker = worker;
    return worker;
  }
}
