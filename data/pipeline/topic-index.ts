import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { arpabetToIpa, countSyllables } from './arpabet.ts';
import { dominantSense } from './dominant-sense.ts';
import { splitGloss } from './gloss.ts';
import { homonymsOf } from './homonyms.ts';
import { DATA_DIR, type Lexicon, loadLexicon } from './lexicon.ts';
import { isCommonSense, isInflection, isPlayable } from './word-filters.ts';
import { type SynsetKey, synsetKey } from './wordnet.ts';
import { type FilePos, filePos, type Synset } from './wordnet-line.ts';

// the compact topic index the server's offline topic generator reads (data/topics/en-topics.json.gz):
// WordNet noun senses with their hyponyms, part meronyms and domain members, cut down to synsets
// that lead to playable words, and the playable words with IPA, syllables, frequency and homophones.
// run: node --import tsx pipeline/topic-index.ts

/** hyponyms (~), part and member meronyms (%p %m), members of this domain (-c topic, -r region) */
const CHILD_POINTERS = new Set(['~', '%p', '%m', '-c']);
/** the meronyms: parts of a thing are about it less than its kinds are ("animal": dog before head) */
const PART_POINTERS = new Set(['%p', '%m']);

export interface TopicIndex {
  /** [word, ipa, syllables, zipf × 100, homonyms] */
  words: [string, string, number, number, string[]][];
  /** [word ids, child synset ids (kinds, domain members), definition, part synset ids] */
  synsets: [number[], number[], string, number[]?][];
  /** a topic's spelling (lower case, spaces) → its noun synset ids, most common sense first */
  lemmas: Record<string, number[]>;
}

export function buildTopicIndex(lex: Lexicon): TopicIndex {
  const { wn } = lex;
  const wordIds = new Map<string, number>();
  const words: TopicIndex['words'] = [];
  const wordId = (w: string) => {
    let id = wordIds.get(w);
    if (id === undefined) {
      const arpabet = lex.pronunciations.primary(w)!;
      id = words.length;
      words.push([
        w,
        arpabetToIpa(arpabet),
        countSyllables(arpabet),
        Math.round(lex.frequencies.zipf(w) * 100),
        homonymsOf(lex, w),
      ]);
      wordIds.set(w, id);
    }
    return id;
  };
  // a word is played for a sense only when that is what a player hears in it: the sense is of the
  // word's most used part of speech and among its first two senses there (a noun) or the first
  // (a verb or adjective) — "main" is no ocean, "play" no piece of music
  const isWhatItMeans = (w: string, s: Synset) => {
    const dominant = dominantSense(lex, w);
    if (!dominant || filePos(dominant.type) !== filePos(s.type)) return false;
    const rank = wn.senses(w, filePos(s.type)).findIndex((x) => x.offset === s.offset);
    return rank >= 0 && rank < (filePos(s.type) === 'n' ? 2 : 1);
  };
  const playableIn = (s: Synset) =>
    s.words
      .map((w) => w.lemma)
      .filter(
        (w) => isPlayable(lex, w) && !isInflection(lex, w) && isCommonSense(lex, w, s) && isWhatItMeans(w, s),
      );

  // every noun synset, and the verb/adjective synsets a domain points at
  const keys = new Set<SynsetKey>();
  for (const lemma of wn.lemmas('n'))
    for (const s of wn.senses(lemma, 'n')) keys.add(synsetKey('n', s.offset));
  const childrenOf = (key: SynsetKey, only?: 'kinds' | 'parts'): SynsetKey[] => {
    const s = wn.synset(key);
    return s.pointers
      .filter((p) => CHILD_POINTERS.has(p.symbol) && (p.pos === 'n' || p.symbol === '-c'))
      .filter((p) => only === undefined || PART_POINTERS.has(p.symbol) === (only === 'parts'))
      .map((p) => synsetKey(p.pos as FilePos, p.offset));
  };
  // does the synset lead to a playable word? (memoised; the graph has no cycles through these pointers
  // except a few meronym loops, which the in-progress mark cuts)
  const leads = new Map<SynsetKey, boolean>();
  const leadsTo = (key: SynsetKey): boolean => {
    const known = leads.get(key);
    if (known !== undefined) return known;
    leads.set(key, false);
    const s = wn.synset(key);
    let ok = playableIn(s).length > 0;
    for (const c of childrenOf(key)) if (leadsTo(c)) ok = true;
    leads.set(key, ok);
    return ok;
  };
  for (const key of keys) leadsTo(key);

  const ids = new Map<SynsetKey, number>();
  const order: SynsetKey[] = [];
  for (const [key, ok] of leads) {
    if (!ok) continue;
    ids.set(key, order.length);
    order.push(key);
  }
  const synsets: TopicIndex['synsets'] = order.map((key) => {
    const s = wn.synset(key);
    const own = playableIn(s).map(wordId);
    const known = (cs: SynsetKey[]) => cs.map((c) => ids.get(c)).filter((c): c is number => c !== undefined);
    const children = known(childrenOf(key, 'kinds'));
    const parts = known(childrenOf(key, 'parts'));
    const definition = own.length > 0 ? splitGloss(s.gloss).definition.slice(0, 160) : '';
    return parts.length > 0 ? [own, children, definition, parts] : [own, children, definition];
  });
  const lemmas: TopicIndex['lemmas'] = {};
  for (const lemma of wn.lemmas('n')) {
    const found = wn
      .senses(lemma, 'n')
      .map((s) => ids.get(synsetKey('n', s.offset)))
      .filter((id): id is number => id !== undefined);
    if (found.length > 0) lemmas[lemma.toLowerCase().replace(/_/g, ' ')] = found;
  }
  return { words, synsets, lemmas };
}

if (process.argv[1]?.endsWith('topic-index.ts')) {
  const index = buildTopicIndex(loadLexicon());
  const out = path.join(DATA_DIR, 'topics', 'en-topics.json.gz');
  fs.writeFileSync(out, gzipSync(JSON.stringify(index), { level: 9 }));
  console.info(
    `${index.words.length} words, ${index.synsets.length} synsets, ${Object.keys(index.lemmas).length} topics → ${out} (${fs.statSync(out).size} bytes)`,
  );
}
