import type { SenseRule } from './categories.ts';
import { belowAny, keyOf, synsetKeys } from './hierarchy.ts';
import { type LexFile, lexFileName } from './lex-files.ts';
import type { WordNet } from './wordnet.ts';
import type { Synset } from './wordnet-line.ts';

/** the synset a satellite adjective hangs from ("furious" from "angry"); none for other synsets. */
function clusterHead(wn: WordNet, synset: Synset): Synset | undefined {
  const similar = synset.type === 's' ? synset.pointers.find((p) => p.symbol === '&') : undefined;
  return similar ? wn.synset(`${similar.pos}:${similar.offset}`) : undefined;
}

/** a test of one synset against every condition of a sense rule. */
export function senseRuleTest(wn: WordNet, rule: SenseRule): (synset: Synset) => boolean {
  const below = belowAny(wn);
  const under = rule.under && synsetKeys(wn, rule.under);
  const domain = rule.domain && synsetKeys(wn, rule.domain);
  const cluster = rule.cluster && synsetKeys(wn, rule.cluster);
  const derivedFrom = rule.derivedFrom && new Set<LexFile>(rule.derivedFrom);
  const derives = (synset: Synset) =>
    synset.pointers.some(
      (p) =>
        (p.symbol === '+' || p.symbol === '=') &&
        derivedFrom?.has(lexFileName(wn.synset(`${p.pos}:${p.offset}`).lexFile)),
    );

  return (synset) => {
    if (rule.lexFiles && !rule.lexFiles.includes(lexFileName(synset.lexFile))) return false;
    if (under && !below(synset, under)) return false;
    if (domain && !synset.pointers.some((p) => p.symbol === ';c' && domain.has(`${p.pos}:${p.offset}`))) {
      return false;
    }
    if (cluster && !cluster.has(keyOf(clusterHead(wn, synset) ?? synset))) return false;
    if (derivedFrom && !derives(synset)) return false;
    return true;
  };
}
