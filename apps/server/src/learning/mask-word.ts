// a definition read to a speller must not spell the word for them: the word, its homophones and
// their family (inflections and derivations: "abduct" in the definition of "abduction") are masked

const SUFFIXES = [
  'ations',
  'ation',
  'ments',
  'ment',
  'nesses',
  'ness',
  'ities',
  'ity',
  'ions',
  'ion',
  'ings',
  'ing',
  'ers',
  'er',
  'est',
  'ies',
  'ied',
  'ed',
  'es',
  'ly',
  'al',
  'ous',
  'ive',
  'y',
  's',
  'e',
];

/** the part of a word its family shares: "abduction" → "abduct", "happily" → "happi" */
export function stemOf(word: string): string {
  const w = word.toLowerCase();
  for (const s of SUFFIXES) {
    if (w.endsWith(s) && w.length - s.length >= 4) return w.slice(0, -s.length);
  }
  return w;
}

export const MASK = '…';

export function maskWord(text: string, word: string, homonyms: string[] = []): string {
  const family = [word, ...homonyms].map((w) => w.toLowerCase());
  const stems = family.map(stemOf);
  const masked = (token: string) => {
    const t = token.toLowerCase();
    return (
      family.includes(t) ||
      // a token that starts with the word or its stem would spell it: "winning" for "win"
      family.some((w) => t.startsWith(w)) ||
      stems.some((s) => s.length >= 4 && t.startsWith(s)) ||
      family.some((w) => w.length >= 4 && t.includes(w)) ||
      stems.includes(stemOf(t))
    );
  };
  return text.replace(/[A-Za-z]+(?:'[A-Za-z]+)*/g, (token) => (masked(token) ? MASK : token));
}
