import type { Lexicon } from './lexicon.ts';

/** letters to add, drop or change to turn one word into the other. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** letters two spellings of one word may differ by: centre and center, colour and color. */
const VARIANT_DISTANCE = 2;

/** colour and color, centre and center; sneak and sneaker differ by a suffix instead. */
function spelledAlike(a: string, b: string): boolean {
  return Math.abs(a.length - b.length) <= 1 && editDistance(a, b) <= VARIANT_DISTANCE;
}

/**
 * a more common spelling of the same word exists (a synonym said alike or spelt nearly alike):
 * the player who hears "centimetre" cannot know which spelling the bank wants.
 */
export function isRarerSpelling(lex: Lexicon, word: string): boolean {
  const { wn, pronunciations, frequencies } = lex;
  const said = pronunciations.primary(word);
  return (['n', 'v', 'a', 'r'] as const).some((pos) =>
    wn
      .senses(word, pos)
      .some((synset) =>
        synset.words.some(
          ({ lemma }) =>
            lemma !== word &&
            frequencies.count(lemma) > frequencies.count(word) &&
            (pronunciations.primary(lemma) === said || spelledAlike(lemma, word)),
        ),
      ),
  );
}
