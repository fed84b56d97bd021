import { execFileSync } from 'node:child_process';

// the synthesizers that say the bench's words. the development voices are the ones the old
// thresholds were tuned on (flite, espeak-ng's default American voice); the test voices are other
// synthesizers and variants nothing was tuned on: Debian's festival voices (two diphone voices
// and an HTS statistical voice) and espeak-ng accents with other voice variants and rates.

export interface Voice {
  id: string;
  set: 'dev' | 'test';
  /** writes `word` spoken by this voice into `file` (a WAV at the voice's own rate) */
  say(word: string, file: string): void;
}

const flite = (voice: string, set: Voice['set']): Voice => ({
  id: `flite:${voice}`,
  set,
  say: (word, file) => execFileSync('flite', ['-voice', voice, '-t', word, '-o', file]),
});

const espeak = (voice: string, rate: number, set: Voice['set']): Voice => ({
  id: `espeak-ng:${voice}@${rate}`,
  set,
  say: (word, file) => execFileSync('espeak-ng', ['-v', voice, '-s', String(rate), '-w', file, word]),
});

const festival = (voice: string, set: Voice['set']): Voice => ({
  id: `festival:${voice}`,
  set,
  say: (word, file) => execFileSync('text2wave', ['-eval', `(voice_${voice})`, '-o', file], { input: word }),
});

export const VOICES: Voice[] = [
  flite('kal', 'dev'),
  flite('slt', 'dev'),
  flite('awb', 'dev'),
  flite('rms', 'dev'),
  espeak('en-us', 160, 'dev'),
  festival('kal_diphone', 'test'),
  festival('ked_diphone', 'test'),
  festival('cmu_us_slt_arctic_hts', 'test'),
  espeak('en-gb-x-rp+f3', 140, 'test'),
  espeak('en-029+m3', 175, 'test'),
  espeak('en-gb-scotland+f2', 150, 'test'),
];

/** the synthesizers that must be installed (Debian: flite, espeak-ng, festival festvox-kallpc16k festvox-kdlpc16k festvox-us-slt-hts, sox) */
export function missingTools(): string[] {
  const missing: string[] = [];
  for (const tool of ['flite', 'espeak-ng', 'text2wave', 'sox']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    } catch {
      missing.push(tool);
    }
  }
  return missing;
}
