import type { SynsetKey, WordNet } from './wordnet.ts';
import { filePos, type Synset } from './wordnet-line.ts';

/** `animal.n.1`: the first noun sense of "animal", the notation NLTK uses for synsets. */
export type SenseName = `${string}.${'n' | 'v' | 'a' | 'r'}.${number}`;

export function keyOf(synset: Synset): SynsetKey {
  return `${filePos(synset.type)}:${synset.offset}`;
}

export function resolveSense(wn: WordNet, name: SenseName): Synset {
  const [lemma, pos, number] = name.split('.') as [string, 'n' | 'v' | 'a' | 'r', string];
  const synset = wn.senses(lemma, pos)[Number(number) - 1];
  if (!synset) throw new Error(`no synset ${name}`);
  return synset;
}

/** every synset above this one through hypernym links; instance links are not followed. */
export function ancestorsOf(wn: WordNet): (synset: Synset) => Set<SynsetKey> {
  const memo = new Map<SynsetKey, Set<SynsetKey>>();
  const ancestors = (synset: Synset): Set<SynsetKey> => {
    const key = keyOf(synset);
    const known = memo.get(key);
    if (known) return known;
    const found = new Set<SynsetKey>();
    memo.set(key, found);
    for (const pointer of synset.pointers) {
      if (pointer.symbol !== '@') continue;
      const parent = wn.synset(`${pointer.pos}:${pointer.offset}`);
      found.add(keyOf(parent));
      for (const above of ancestors(parent)) found.add(above);
    }
    return found;
  };
  return ancestors;
}

/** the synsets named, as keys. */
export function synsetKeys(wn: WordNet, names: SenseName[]): Set<SynsetKey> {
  return new Set(names.map((name) => keyOf(resolveSense(wn, name))));
}

/** whether a synset is one of the roots or below one of them. */
export function belowAny(wn: WordNet): (synset: Synset, roots: Set<SynsetKey>) => boolean {
  const ancestors = ancestorsOf(wn);
  return (synset, roots) => roots.has(keyOf(synset)) || [...ancestors(synset)].some((key) => roots.has(key));
}
