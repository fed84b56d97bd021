import fs from 'node:fs';
import path from 'node:path';
import { type Frequencies, loadFrequencies } from './frequencies.ts';
import { parseIrregularForms } from './inflections.ts';
import { DATA_DIR } from './lexicon-dir.ts';
import { loadPronunciations, type Pronunciations } from './pronunciations.ts';
import { parseSections, readWordList } from './word-list.ts';
import { loadWordNet, type WordNet } from './wordnet.ts';

/** everything the pipeline reads, loaded once. */
export interface Lexicon {
  wn: WordNet;
  pronunciations: Pronunciations;
  frequencies: Frequencies;
  blocked: Set<string>;
  /** irregular inflected form → its base: went → go. */
  irregular: Map<string, string>;
  /** words kept out of one category by hand, by category name. */
  exclusions: Map<string, Set<string>>;
}

export { DATA_DIR };

export function loadLexicon(): Lexicon {
  return {
    wn: loadWordNet(),
    pronunciations: loadPronunciations(),
    frequencies: loadFrequencies(),
    blocked: new Set(readWordList(path.join(DATA_DIR, 'blocklist.txt'))),
    irregular: parseIrregularForms(readWordList(path.join(DATA_DIR, 'irregular-forms.txt'))),
    exclusions: parseSections(fs.readFileSync(path.join(DATA_DIR, 'category-exclusions.txt'), 'utf8')),
  };
}
