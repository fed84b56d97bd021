import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { splitGloss } from './gloss.ts';
import { DATA_DIR } from './lexicon-dir.ts';
import { loadWordNet } from './wordnet.ts';
import type { FilePos } from './wordnet-line.ts';

// each bank word's part of speech, for the spelling bee's "part of speech, please" (issue 17
// item 5): the part of speech of the wordnet sense whose definition the bank kept, else the
// word's most common part of speech. run after build.ts:
//   node --import tsx data/pipeline/parts-of-speech.ts → data/words/en-parts-of-speech.json

const NAMES: Record<FilePos, string> = { n: 'noun', v: 'verb', a: 'adjective', r: 'adverb' };

export function partsOfSpeech(): Record<string, string> {
  const wn = loadWordNet();
  const bank = JSON.parse(readFileSync(path.join(DATA_DIR, 'words', 'en.json'), 'utf8')) as {
    words: { word: string; definition: string }[];
  };
  const out: Record<string, string> = {};
  for (const { word, definition } of bank.words) {
    if (out[word]) continue;
    const lemma = word.replace(/ /g, '_');
    let best: { pos: FilePos; senses: number } | null = null;
    for (const pos of Object.keys(NAMES) as FilePos[]) {
      const senses = wn.senses(lemma, pos);
      if (senses.some((s) => splitGloss(s.gloss).definition === definition)) {
        best = { pos, senses: Number.POSITIVE_INFINITY };
        break;
      }
      if (senses.length > (best?.senses ?? 0)) best = { pos, senses: senses.length };
    }
    if (best) out[word] = NAMES[best.pos];
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const parts = partsOfSpeech();
  writeFileSync(
    path.join(DATA_DIR, 'words', 'en-parts-of-speech.json'),
    `${JSON.stringify(parts, null, 0)}\n`,
  );
  const tally: Record<string, number> = {};
  for (const p of Object.values(parts)) tally[p] = (tally[p] ?? 0) + 1;
  process.stdout.write(`${Object.keys(parts).length} words: ${JSON.stringify(tally)}\n`);
}
