import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bandPass } from './front-end.ts';
import {
  ACCENTS,
  DEFAULT_THRESHOLDS,
  decide,
  PocketsphinxRecognizer,
  pocketsphinxAvailable,
  type WorkerAnswer,
} from './pocketsphinx.ts';
import { SttError } from './types.ts';
import { wavTo16kMono } from './wav.ts';

const answer = (over: Partial<WorkerAnswer>): WorkerAnswer => ({
  heard: 'bat',
  homophones: ['bat'],
  similar: ['bad', 'cat'],
  expectedScore: -1000,
  expectedTotal: -1000,
  competitor: 'bad',
  competitorScore: -1100,
  phoneScore: -1000,
  frames: 50,
  ...over,
});
const bat = { word: 'bat', homophones: [] };
const t = DEFAULT_THRESHOLDS;
/** scores whose per-frame margin over the competitor and fit against free phones are these */
const scored = (margin: number, fit: number, competitor = 'bad') =>
  answer({
    expectedScore: -1000,
    competitorScore: -1000 - margin * 50,
    phoneScore: -1000 - fit * 50,
    competitor,
  });

describe('decide', () => {
  it('is right when the word beats its competitors and fits the audio', () => {
    expect(decide(scored(t.accept + 1, t.fit + 1), bat)).toMatchObject({
      heard: 'bat',
      match: true,
      verdict: 'right',
    });
  });

  it('is wrong when a competitor clearly wins, and names it only if it sounds like the word', () => {
    expect(decide(scored(t.reject - 1, t.fit + 1), bat)).toMatchObject({
      heard: 'bad',
      match: false,
      verdict: 'wrong',
    });
    // an unrelated filler word says nothing useful to the speaker
    expect(decide(scored(t.reject - 1, t.fit + 1, 'music'), bat)).toMatchObject({
      heard: '',
      verdict: 'wrong',
    });
    // no competitor won, but the word fits the audio far worse than free phones do
    expect(decide(scored(t.accept + 1, t.misfit - 1), bat).verdict).toBe('wrong');
  });

  it('is unsure between the two, and when nothing was heard', () => {
    // the word fits the audio, but not clearly enough to call it right
    expect(decide(scored(t.accept + 1, (t.fit + t.misfit) / 2), bat)).toMatchObject({
      heard: '',
      match: false,
      verdict: 'unsure',
    });
    expect(decide(answer({ expectedScore: null, competitorScore: null }), bat)).toEqual({
      heard: '',
      match: false,
      confidence: 0,
      verdict: 'unsure',
    });
    expect(decide(answer({ frames: 0 }), bat).verdict).toBe('unsure');
  });

  it('keeps confidence in 0..1 and at least 0.5 exactly when right', () => {
    for (const a of [
      answer({}),
      scored(40, 5),
      scored(-40, 5),
      scored(0, -300),
      answer({ expectedScore: null }),
      answer({ competitorScore: null }),
      answer({ phoneScore: 1e9 }),
    ]) {
      const r = decide(a, bat);
      expect(r.confidence).toBeGreaterThanOrEqual(0);
      expect(r.confidence).toBeLessThanOrEqual(1);
      expect(r.match).toBe(r.confidence >= 0.5);
      expect(r.match).toBe(r.verdict === 'right');
    }
  });
});

/** the word inside 2.5 s, as the web app records it, over a faint hiss */
function inRecording(word: Int16Array): Int16Array {
  const out = new Int16Array(Math.max(40_000, word.length + 12_800));
  out.set(word, 6400);
  return addNoise(out, 50);
}

/** the same recording as heard over a call: the telephone band and noise 20 dB under the speech */
function overACall(pcm: Int16Array): Int16Array {
  return bandPass(addNoise(pcm, 20));
}

function addNoise(pcm: Int16Array, snrDb: number): Int16Array {
  let power = 0;
  let loud = 0;
  for (const x of pcm) {
    if (Math.abs(x) > 300) {
      power += x * x;
      loud++;
    }
  }
  const scale = Math.sqrt(power / Math.max(1, loud) / 10 ** (snrDb / 10)) * Math.sqrt(3);
  let seed = 12345;
  return Int16Array.from(pcm, (x) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return Math.max(-32768, Math.min(32767, Math.round(x + ((seed / 2 ** 31) * 2 - 1) * scale)));
  });
}

describe.runIf(pocketsphinxAvailable())('the pocketsphinx worker', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-ps-'));
  const stt = new PocketsphinxRecognizer();
  afterAll(async () => {
    await stt.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const say = (word: string) => {
    const file = path.join(dir, `${word}.wav`);
    execFileSync('flite', ['-voice', 'slt', '-t', word, '-o', file]);
    return wavTo16kMono(fs.readFileSync(file));
  };

  it('checks a word, refuses one it cannot pronounce, and comes back after the worker dies', async () => {
    const elephant = say('elephant');
    expect(await stt.check(elephant, { word: 'elephant', homophones: [] })).toMatchObject({
      verdict: 'right',
    });
    expect((await stt.check(elephant, { word: 'umbrella', homophones: [] })).verdict).toBe('wrong');
    await expect(stt.check(elephant, { word: 'qzxvkw', homophones: [] })).rejects.toThrow(
      'We cannot check the pronunciation of this word.',
    );
    // the worker is killed from outside: the next check starts a new one
    const worker = (
      stt as unknown as { worker?: { kill(s: string): void; once(e: string, f: () => void): void } }
    ).worker;
    expect(worker).toBeDefined();
    await new Promise<void>((resolve) => {
      worker?.once('exit', resolve);
      worker?.kill('SIGKILL');
    });
    expect(await stt.check(elephant, { word: 'elephant', homophones: [] })).toMatchObject({
      verdict: 'right',
    });
  }, 120_000);

  // real engines end to end: a word said by each synthesizer is right, a different word checked
  // against the same recording is wrong (and not merely 'not sure'). a smoke test on words these two
  // voices say clearly: over the bench's 40 minimal pairs only about half of right words are
  // accepted (docs/performance.md), so this is no measure of accuracy
  it('accepts a word said by flite and by espeak-ng, and rejects another word for it', async () => {
    const voices: [string, (word: string, file: string) => string[]][] = [
      ['flite', (word, file) => ['-voice', 'slt', '-t', word, '-o', file]],
      ['espeak-ng', (word, file) => ['-v', 'en-us', '-w', file, word]],
    ];
    for (const [tool, args] of voices) {
      for (const [said, other] of [
        ['window', 'garden'],
        ['mountain', 'window'],
      ] as const) {
        const file = path.join(dir, `${said}-${tool}-accept.wav`);
        execFileSync(tool, args(said, file));
        const pcm = inRecording(wavTo16kMono(fs.readFileSync(file)));
        const right = await stt.check(pcm, { word: said, homophones: [] });
        expect(right, `${tool} said ${said}`).toMatchObject({ verdict: 'right', match: true, heard: said });
        const wrong = await stt.check(pcm, { word: other, homophones: [] });
        expect(wrong, `${tool} said ${said}, checked ${other}`).toMatchObject({
          verdict: 'wrong',
          match: false,
        });
      }
    }
  }, 300_000);

  // a few of the bench's minimal pairs (bench/src/stt-accuracy.ts runs 40 pairs, 11 voices): each
  // word said by two voices, clean and as over a call (telephone band, noise 20 dB under the speech),
  // checked as itself, as its pair's other word and as an unrelated word
  it('tells a word from its minimal pair and from an unrelated word, clean and over a call', async () => {
    const pairs = [
      ['ship', 'sheep'],
      ['fan', 'van'],
      ['light', 'right'],
      ['pepper', 'paper'],
      ['lunch', 'launch'],
      ['glass', 'grass'],
    ] as const;
    const voices: [string, string[]][] = [
      ['flite', ['-voice', 'slt', '-o']],
      ['espeak-ng', ['-v', 'en-us', '-w']],
    ];
    const tally = { right: [] as string[], similar: [] as string[], unrelated: [] as string[] };
    for (const [i, pair] of pairs.entries()) {
      const other = pairs[(i + 3) % pairs.length]!;
      for (const [said, similar, unrelated] of [
        [pair[0], pair[1], other[0]],
        [pair[1], pair[0], other[1]],
      ] as const) {
        for (const [tool, args] of voices) {
          const file = path.join(dir, `${said}-${tool}.wav`);
          execFileSync(tool, tool === 'flite' ? ['-t', said, ...args, file] : [...args, file, said]);
          const clean = inRecording(wavTo16kMono(fs.readFileSync(file)));
          for (const pcm of [clean, overACall(clean)]) {
            for (const [kind, word] of [
              ['right', said],
              ['similar', similar],
              ['unrelated', unrelated],
            ] as const) {
              tally[kind].push((await stt.check(pcm, { word, homophones: [] })).verdict);
            }
          }
        }
      }
    }
    const share = (kind: keyof typeof tally, verdict: string) =>
      tally[kind].filter((v) => v === verdict).length / tally[kind].length;
    const summary = JSON.stringify(tally);
    // floors a little under what this set measures; see docs/performance.md for the full bench
    // (measured: right 44 % right, 2 % wrong; similar 21 % right; unrelated none right)
    expect(share('right', 'right'), summary).toBeGreaterThanOrEqual(0.35);
    expect(share('right', 'wrong'), summary).toBeLessThanOrEqual(0.1);
    expect(share('similar', 'right'), summary).toBeLessThanOrEqual(0.35);
    expect(share('unrelated', 'right'), summary).toBeLessThanOrEqual(0.05);
  }, 600_000);

  // accents.py adds a word's pronunciations in other English accents as extra dictionary entries
  // ('letter__a1'); whichever entry wins, the answer names the word. an RP 'letter' ends in a
  // schwa, which no CMU pronunciation of 'letter' has
  it('names words, not their accent entries, when a British pronunciation wins', async () => {
    const accented = new PocketsphinxRecognizer({ accents: ACCENTS });
    try {
      const file = path.join(dir, 'letter-rp.wav');
      execFileSync('espeak-ng', ['-v', 'en-gb-x-rp', '-w', file, 'letter']);
      const pcm = inRecording(wavTo16kMono(fs.readFileSync(file)));
      const asLitter = await accented.score(pcm, { word: 'litter', homophones: [] });
      expect(asLitter.similar).toContain('letter');
      expect(asLitter.competitor).toBe('letter');
    } finally {
      await accented.close();
    }
  }, 180_000);

  it('fails a check that takes too long with UNAVAILABLE', async () => {
    const slow = new PocketsphinxRecognizer({ timeoutMs: 1 });
    try {
      // loading the model alone takes longer than 1 ms of checking: the first check times out
      await slow.warmUp();
      const err = await slow.check(say('apple'), { word: 'apple', homophones: [] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SttError);
      expect((err as SttError).code).toBe('UNAVAILABLE');
    } finally {
      await slow.close();
    }
  }, 120_000);
});
