export interface Gloss {
  definition: string;
  examples: string[];
}

/** a WordNet gloss is `definition; "example one"; "example two"`; examples may be followed by attributions. */
export function splitGloss(gloss: string): Gloss {
  const firstQuote = gloss.search(/(^|;\s*)"/);
  const definition = (firstQuote < 0 ? gloss : gloss.slice(0, firstQuote)).replace(/[\s;]+$/, '').trim();
  const examples =
    firstQuote < 0 ? [] : [...gloss.slice(firstQuote).matchAll(/"([^"]+)"/g)].map((m) => m[1]!.trim());
  return { definition, examples };
}

/** the first example that uses the word itself, as a whole word. */
export function exampleFor(word: string, examples: string[]): string | null {
  const pattern = new RegExp(`\\b${word}\\b`, 'i');
  return examples.find((example) => pattern.test(example)) ?? null;
}
