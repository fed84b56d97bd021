// pronunciation-check accuracy of the offline recogniser (pocketsphinx): 40 minimal pairs said by
// 11 voices of three synthesizers (flite, espeak-ng and its variants, Debian's festival voices),
// clean and as heard over a call (bench/src/stt/channel.ts). each recording is checked as the
// right word, as its pair's other word (similar) and as a word of another pair (unrelated).
// thresholds are set on the development half (dev voices × dev pairs) and reported on the test
// half (other synthesizers × other pairs), which nothing was tuned on.
//   npm run stt-accuracy -w @sayspell/bench
//   STT_MODULE=<path of another pocketsphinx.ts>   measure another version of the provider (before/after)
//   STT_RESULT=<name>   the result file's name (default stt-accuracy)
//   STT_DUMP=<file>     also write every check's raw scores (for bench/src/stt/calibrate.ts)
//   STT_PAIRS=<n>       only the first n pairs of each half (a quick look)
//   STT_SET=dev|test    only one half
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { wavTo16kMono } from '@sayspell/server/providers/stt/wav';
import { median, writeResult } from './measure.ts';
import { applyCondition, CONDITIONS } from './stt/channel.ts';
import { DEV_PAIRS, TEST_PAIRS } from './stt/minimal-pairs.ts';
import { missingTools, VOICES } from './stt/voices.ts';

type Verdict = 'right' | 'wrong' | 'unsure';
interface Recognizer {
  warmUp(): Promise<void>;
  check(
    pcm: Int16Array,
    e: { word: string; homophones: string[] },
  ): Promise<{ heard: string; match: boolean; confidence: number; verdict?: Verdict }>;
  score?(pcm: Int16Array, e: { word: string; homophones: string[] }): Promise<unknown>;
  close(): Promise<void>;
}

const missing = missingTools();
if (missing.length) {
  console.error(
    `missing: ${missing.join(', ')} (apt-get install flite espeak-ng sox festival festvox-kallpc16k festvox-kdlpc16k festvox-us-slt-hts)`,
  );
  process.exit(1);
}
const modulePath = process.env.STT_MODULE ?? '@sayspell/server/providers/stt/pocketsphinx';
const provider = (await import(modulePath)) as {
  pocketsphinxAvailable(): boolean;
  PocketsphinxRecognizer: new (o: object) => Recognizer;
  decide(raw: unknown, e: { word: string; homophones: string[] }): Awaited<ReturnType<Recognizer['check']>>;
};
if (!provider.pocketsphinxAvailable()) {
  console.error(
    'pocketsphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us python3-pocketsphinx)',
  );
  process.exit(1);
}

// words that share a CMU pronunciation count as the same word (desert/dessert)
const prons = new Map<string, Set<string>>();
for (const line of fs
  .readFileSync('/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict', 'utf8')
  .split('\n')) {
  const [head, ...phones] = line.trim().split(/\s+/);
  if (!head || !phones.length) continue;
  const word = head.replace(/\(\d+\)$/, '');
  if (!prons.has(word)) prons.set(word, new Set());
  prons.get(word)!.add(phones.join(' '));
}
const sameWord = (a: string, b: string) =>
  a === b || [...(prons.get(a) ?? [])].some((p) => prons.get(b)?.has(p));

const limit = Number(process.env.STT_PAIRS ?? 1000);
const halves = { dev: DEV_PAIRS.slice(0, limit), test: TEST_PAIRS.slice(0, limit) };
const cache = path.join(os.tmpdir(), 'sayspell-stt-recordings');

/** the recording of `word` by `voice` under condition `c`, made once and kept in the cache */
function recording(voice: (typeof VOICES)[number], word: string, c: number): Buffer {
  const dir = path.join(cache, voice.id.replace(/[^a-z0-9@.+-]/gi, '_'));
  const clean = path.join(dir, `${word}.raw.wav`);
  const file = path.join(dir, `${word}.c${c}.wav`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    if (!fs.existsSync(clean)) voice.say(word, clean);
    applyCondition(clean, file, CONDITIONS[c]!);
  }
  return fs.readFileSync(file);
}

// STT_OPTIONS: recogniser options to try, e.g. {"decoder":{"-remove_noise":"no"},"frontEnd":{...}}
const options = JSON.parse(process.env.STT_OPTIONS ?? '{}') as object;
const stt = new provider.PocketsphinxRecognizer({ timeoutMs: 30_000, ...options });
const t0 = performance.now();
await stt.warmUp();
const workerStartupMs = Math.round(performance.now() - t0);

type Kind = 'right' | 'similar' | 'unrelated';
interface Row {
  set: 'dev' | 'test';
  condition: number;
  voice: string;
  said: string;
  checked: string;
  kind: Kind;
  verdict: Verdict;
  heard: string;
  ms: number;
  raw?: unknown;
}
const rows: Row[] = [];
const loop = monitorEventLoopDelay({ resolution: 5 });
const dump = process.env.STT_DUMP;

// every recording is made first (synthesizers and sox block), then the checks run alone, so the
// event-loop delay measured during them is the checks' own
interface Job {
  set: 'dev' | 'test';
  condition: number;
  voice: string;
  said: string;
  pcm: Int16Array;
  checks: [Kind, string][];
}
const jobs: Job[] = [];
// STT_SET=dev|test: one half only (two processes can run the halves side by side)
const sets = (['dev', 'test'] as const).filter((s) => !process.env.STT_SET || process.env.STT_SET === s);
for (const set of sets) {
  const pairs = halves[set];
  for (const [i, pair] of pairs.entries()) {
    const other = pairs[(i + Math.floor(pairs.length / 2)) % pairs.length]!;
    for (const [said, similar, unrelated] of [
      [pair[0], pair[1], other[0]],
      [pair[1], pair[0], other[1]],
    ] as [string, string, string][]) {
      // a similar word that is the said word's homophone would rightly be accepted
      const checks = (
        [
          ['right', said],
          ['similar', similar],
          ['unrelated', unrelated],
        ] as [Kind, string][]
      ).filter(([kind, word]) => kind === 'right' || !sameWord(said, word));
      for (const voice of VOICES.filter((v) => v.set === set)) {
        for (let c = 0; c < CONDITIONS.length; c++) {
          jobs.push({
            set,
            condition: c,
            voice: voice.id,
            said,
            pcm: wavTo16kMono(recording(voice, said, c)),
            checks,
          });
        }
      }
    }
  }
}
console.info(`${jobs.length} recordings, ${jobs.reduce((n, j) => n + j.checks.length, 0)} checks`);
// the same process idle for 10 s first: on a busy machine the loop is late anyway, and the checks'
// own share is the difference
const idle = monitorEventLoopDelay({ resolution: 5 });
idle.enable();
await new Promise((r) => setTimeout(r, 10_000));
idle.disable();
loop.enable();
for (const [n, job] of jobs.entries()) {
  for (const [kind, word] of job.checks) {
    const expected = { word, homophones: [] };
    const start = performance.now();
    // score + decide is what check() does; kept apart so the raw scores can be dumped
    const raw = stt.score ? await stt.score(job.pcm, expected) : undefined;
    const result = raw ? provider.decide(raw, expected) : await stt.check(job.pcm, expected);
    const ms = performance.now() - start;
    const verdict: Verdict = result.verdict ?? (result.match ? 'right' : 'wrong');
    const { pcm: _, checks: __, ...where } = job;
    rows.push({ ...where, checked: word, kind, verdict, heard: result.heard, ms, ...(dump ? { raw } : {}) });
  }
  if (n % 50 === 0) process.stdout.write('.');
}
loop.disable();
process.stdout.write('\n');
await stt.close();
if (dump) fs.writeFileSync(dump, JSON.stringify(rows));

const pct = (n: number, d: number) => (d ? Math.round((n / d) * 1000) / 10 : Number.NaN);
function table(filter: (r: Row) => boolean) {
  const pick = rows.filter(filter);
  const share = (kind: Kind, verdict: Verdict) => {
    const of = pick.filter((r) => r.kind === kind);
    return pct(of.filter((r) => r.verdict === verdict).length, of.length);
  };
  return {
    checks: pick.length,
    rightAccepted: share('right', 'right'),
    rightUnsure: share('right', 'unsure'),
    similarRejected: share('similar', 'wrong'),
    similarUnsure: share('similar', 'unsure'),
    unrelatedRejected: share('unrelated', 'wrong'),
    unrelatedUnsure: share('unrelated', 'unsure'),
  };
}
const sorted = rows.map((r) => r.ms).sort((a, b) => a - b);
const summary = {
  module: modulePath,
  options,
  voices: VOICES.map((v) => `${v.id} (${v.set})`),
  pairs: halves,
  conditions: CONDITIONS,
  split:
    'dev = flite kal/slt/awb/rms + espeak-ng en-us × the even pairs; test = festival kal/ked/slt-hts + espeak-ng en-gb-x-rp+f3/en-029+m3/en-gb-scotland+f2 × the odd pairs',
  bySetAndCondition: Object.fromEntries(
    (['dev', 'test'] as const).flatMap((set) =>
      CONDITIONS.map((c, i) => [`${set} / ${c.id}`, table((r) => r.set === set && r.condition === i)]),
    ),
  ),
  testClean: table((r) => r.set === 'test' && r.condition === 0),
  testCall: table((r) => r.set === 'test' && r.condition > 0),
  all: table(() => true),
  byVoiceRightAccepted: Object.fromEntries(
    VOICES.map((v) => [v.id, table((r) => r.voice === v.id).rightAccepted]),
  ),
  medianCheckMs: Math.round(median(sorted) * 10) / 10,
  p95CheckMs: Math.round(sorted[Math.floor(sorted.length * 0.95)]! * 10) / 10,
  // the node side of a check (decoding, front end, the pipe to the worker): how long the event loop was held
  eventLoopDelayMs: {
    idle: { p50: idle.percentile(50) / 1e6, p99: idle.percentile(99) / 1e6, max: idle.max / 1e6 },
    duringChecks: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
  },
  loadAverage: os.loadavg(),
  workerStartupMs,
  misses: rows
    .filter((r) => (r.kind === 'right' ? r.verdict !== 'right' : r.verdict !== 'wrong'))
    .map(
      (r) =>
        `${r.set} c${r.condition} ${r.voice} said "${r.said}" checked "${r.checked}": ${r.verdict}, heard "${r.heard}"`,
    ),
};
console.info(JSON.stringify({ ...summary, misses: summary.misses.length }, null, 2));
console.info('written to', writeResult(process.env.STT_RESULT ?? 'stt-accuracy', { results: summary }));
