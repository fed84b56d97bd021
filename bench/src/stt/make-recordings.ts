// makes every recording of the pronunciation bench once (each voice × each word × each condition)
// into the cache that stt-accuracy.ts and the probes (pair-ceiling.py, verify-probe.py) read.
//   node --conditions=source --import tsx bench/src/stt/make-recordings.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyCondition, CONDITIONS } from './channel.ts';
import { MINIMAL_PAIRS } from './minimal-pairs.ts';
import { VOICES } from './voices.ts';

export const CACHE = path.join(os.tmpdir(), 'sayspell-stt-recordings');

/** the file of `word` by `voice` under condition `c`, made when missing */
export function recordingFile(voice: (typeof VOICES)[number], word: string, c: number): string {
  const dir = path.join(CACHE, voice.id.replace(/[^a-z0-9@.+-]/gi, '_'));
  const clean = path.join(dir, `${word}.raw.wav`);
  const file = path.join(dir, `${word}.c${c}.wav`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    if (!fs.existsSync(clean)) voice.say(word, clean);
    applyCondition(clean, file, CONDITIONS[c]!);
  }
  return file;
}

if (import.meta.filename === process.argv[1]) {
  let n = 0;
  for (const voice of VOICES)
    for (const word of MINIMAL_PAIRS.flat())
      for (let c = 0; c < CONDITIONS.length; c++) {
        recordingFile(voice, word, c);
        if (++n % 200 === 0) console.info(n);
      }
  console.info(`${n} recordings in ${CACHE}`);
}
