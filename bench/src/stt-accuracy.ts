// pronunciation-check accuracy of the pocketsphinx provider: ~30 word-bank words recorded by every
// flite voice and by espeak-ng at three rates, each checked as the right word, as a similar-sounding
// word (one of its own distractors) and as an unrelated word. writes bench/results/stt-accuracy.json.
// npm run stt-accuracy -w @sayspell/bench
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_THRESHOLDS,
  decide,
  PocketsphinxRecognizer,
  pocketsphinxAvailable,
  type WorkerAnswer,
} from '@sayspell/server/providers/stt/pocketsphinx';
import { wavTo16kMono } from '@sayspell/server/providers/stt/wav';
import { writeResult } from './measure.ts';

const WORD_COUNT = Number(process.env.STT_WORDS ?? 30);
const VOICES = ['flite:kal', 'flite:slt', 'flite:awb', 'flite:rms', 'espeak:120', 'espeak:160', 'espeak:200'];

if (!pocketsphinxAvailable()) {
  console.error(
    'pocketsphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us python3-pocketsphinx)',
  );
  process.exit(1);
}

const bankFile = path.join(import.meta.dirname, '../../data/words/en.json');
const bank = (
  JSON.parse(fs.readFileSync(bankFile, 'utf8')) as { words: { word: string; difficulty: string }[] }
).words;
const bankWords = new Set(bank.map((w) => w.word));
// every n-th single word of the bank, beginner and intermediate: a spread, the same on every run
const pool = bank.filter((w) => /^[a-z]+$/.test(w.word) && w.difficulty !== 'advanced').map((w) => w.word);
const words = [...new Set(pool.filter((_, i) => i % Math.floor(pool.length / (WORD_COUNT * 1.5)) === 0))];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-stt-bench-'));
function record(word: string, voice: string): Int16Array {
  const [engine, arg] = voice.split(':') as [string, string];
  const file = path.join(dir, `${word}-${engine}-${arg}.wav`);
  if (engine === 'flite') execFileSync('flite', ['-voice', arg, '-t', word, '-o', file]);
  else execFileSync('espeak-ng', ['-s', arg, '-w', file, word]);
  return wavTo16kMono(fs.readFileSync(file));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const stt = new PocketsphinxRecognizer({ timeoutMs: 30_000 });
const started = performance.now();
await stt.warmUp();
const startupMs = performance.now() - started;

type Kind = 'right' | 'similar' | 'unrelated';
const tally: Record<Kind, { good: number; all: number }> = {
  right: { good: 0, all: 0 },
  similar: { good: 0, all: 0 },
  unrelated: { good: 0, all: 0 },
};
const perVoice: Record<string, { good: number; all: number }> = {};
const latencies: number[] = [];
const misses: string[] = [];
const used: string[] = [];

for (const [i, said] of words.entries()) {
  if (used.length >= WORD_COUNT) break;
  // the similar word: one of the word's own distractors, preferably a word-bank word
  let probe: WorkerAnswer;
  try {
    probe = await stt.score(record(said, 'flite:slt'), { word: said, homophones: [] });
  } catch {
    continue; // not in the pronouncing dictionary
  }
  const similar = probe.similar.find((w) => bankWords.has(w)) ?? probe.similar.find((w) => w.length >= 3);
  if (!similar) continue;
  used.push(said);
  const unrelated = words[(i + Math.floor(words.length / 2)) % words.length]!;
  for (const voice of VOICES) {
    const pcm = record(said, voice);
    for (const [kind, word] of [
      ['right', said],
      ['similar', similar],
      ['unrelated', unrelated],
    ] as [Kind, string][]) {
      const expected = { word, homophones: [] };
      const t0 = performance.now();
      const answer = await stt.score(pcm, expected);
      latencies.push(performance.now() - t0);
      const result = decide(answer, expected, DEFAULT_THRESHOLDS);
      // a similar or unrelated word that is a homophone of the said one would rightly match
      if (kind !== 'right' && answer.homophones.includes(said)) continue;
      const good = kind === 'right' ? result.match : !result.match;
      tally[kind].good += good ? 1 : 0;
      tally[kind].all += 1;
      if (kind === 'right') {
        perVoice[voice] ??= { good: 0, all: 0 };
        perVoice[voice].good += good ? 1 : 0;
        perVoice[voice].all += 1;
      }
      if (!good) misses.push(`${voice} "${said}" checked as "${word}": heard "${answer.heard}"`);
    }
  }
}
await stt.close();
fs.rmSync(dir, { recursive: true, force: true });

const rate = (t: { good: number; all: number }) => Math.round((t.good / t.all) * 1000) / 1000;
const results = {
  words: used,
  voices: VOICES,
  thresholds: DEFAULT_THRESHOLDS,
  checks: tally.right.all + tally.similar.all + tally.unrelated.all,
  acceptRight: rate(tally.right),
  rejectSimilar: rate(tally.similar),
  rejectUnrelated: rate(tally.unrelated),
  acceptRightByVoice: Object.fromEntries(Object.entries(perVoice).map(([v, t]) => [v, rate(t)])),
  medianCheckMs: Math.round(median(latencies) * 10) / 10,
  p95CheckMs:
    Math.round([...latencies].sort((a, b) => a - b)[Math.floor(latencies.length * 0.95)]! * 10) / 10,
  workerStartupMs: Math.round(startupMs),
  misses,
};
console.info(JSON.stringify({ ...results, misses: results.misses.length }, null, 2));
console.info('written to', writeResult('stt-accuracy', { results }));
