import { dictionary } from 'cmu-pronouncing-dictionary';

export interface Pronunciations {
  /** the first (most common) CMU pronunciation, in ARPAbet. */
  primary(word: string): string | undefined;
  /** other words whose first pronunciation is identical, stress included. */
  homophones(word: string): string[];
}

export function loadPronunciations(entries: Record<string, string> = dictionary): Pronunciations {
  const byPronunciation = new Map<string, string[]>();
  for (const [word, arpabet] of Object.entries(entries)) {
    // variants are keyed `word(2)`; only plain a-z words take part in homophone groups.
    if (!/^[a-z]+$/.test(word)) continue;
    const group = byPronunciation.get(arpabet);
    if (group) group.push(word);
    else byPronunciation.set(arpabet, [word]);
  }
  const primary = (word: string): string | undefined =>
    Object.hasOwn(entries, word) ? entries[word] : undefined;
  return {
    primary,
    homophones: (word) => {
      const arpabet = primary(word);
      if (arpabet === undefined) return [];
      return (byPronunciation.get(arpabet) ?? []).filter((other) => other !== word);
    },
  };
}
