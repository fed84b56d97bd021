import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { arpabetToIpa, countSyllables } from './arpabet.ts';
import { CATEGORY_RULES } from './categories.ts';
import { dominantSense } from './dominant-sense.ts';
import { splitGloss } from './gloss.ts';
import { keyOf, resolveSense, type SenseName } from './hierarchy.ts';
import { homonymsOf } from './homonyms.ts';
import { DATA_DIR, type Lexicon, loadLexicon } from './lexicon.ts';
import { senseRuleTest } from './sense-rule.ts';
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

/** a word with this many senses is played only for a sense SemCor saw it used in */
const AMBIGUOUS = 3;

export interface TopicIndex {
  /** [word, ipa, syllables, zipf × 100, homonyms, definition when no topic synset holds the word] */
  words: [string, string, number, number, string[], string?][];
  /** [word ids, kinds (hyponym synset ids), definition, part synset ids, members of its domain] */
  synsets: [number[], number[], string, number[]?, number[]?][];
  /** a topic's spelling (lower case, spaces) → its noun synset ids, most common sense first */
  lemmas: Record<string, number[]>;
  /** topics that mean other senses than WordNet lists first (topic-senses.txt) → those synset ids, together */
  meant: Record<string, number[]>;
}

/** data/topics/topic-senses.txt: `topic: sense.n.1 sense.n.2`, # comments */
export function readTopicSenses(text: string): Map<string, SenseName[]> {
  const meant = new Map<string, SenseName[]>();
  for (const line of text.split('\n')) {
    const [topic, senses] = line.replace(/#.*/, '').split(':');
    if (!topic?.trim() || !senses) continue;
    meant.set(topic.trim(), senses.trim().split(/\s+/) as SenseName[]);
  }
  return meant;
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
    const senses = wn.senses(w, filePos(s.type));
    const rank = senses.findIndex((x) => x.offset === s.offset);
    if (rank === 0) return true;
    // a noun's second sense only when SemCor saw it at least as often as the first
    return (
      filePos(s.type) === 'n' &&
      rank === 1 &&
      wn.tagCount(w, s) > 0 &&
      wn.tagCount(w, s) >= wn.tagCount(w, senses[0]!)
    );
  };
  // the word bank's hand review: a word excluded from a category ("queen" from animals: known first
  // as something else) is not played for a sense in that category either
  const reviewed = CATEGORY_RULES.map((rule) => ({
    tests: rule.senses.map((sense) => ({ pos: sense.pos, matches: senseRuleTest(wn, sense) })),
    excluded: lex.exclusions.get(rule.name) ?? new Set<string>(),
  }));
  const excludedFor = (s: Synset): Set<string> => {
    const out = new Set<string>();
    for (const { tests, excluded } of reviewed)
      if (tests.some((t) => t.pos === filePos(s.type) && t.matches(s))) for (const w of excluded) out.add(w);
    return out;
  };
  /** all senses, nouns, verbs and adjectives */
  const senseCount = (w: string) =>
    (['n', 'v', 'a'] as const).reduce((n, pos) => n + wn.senses(w, pos).length, 0);
  const playableIn = (s: Synset) => {
    const excluded = excludedFor(s);
    return s.words
      .map((w) => w.lemma)
      .filter(
        (w) =>
          !excluded.has(w) &&
          isPlayable(lex, w) &&
          !isInflection(lex, w) &&
          isCommonSense(lex, w, s) &&
          isWhatItMeans(w, s) &&
          // mostly a name in the subtitles (molly, liza): only with SemCor evidence for this sense
          (!lex.frequencies.mostlyCapitalised(w) || wn.tagCount(w, s) > 0) &&
          // a word of many senses only for one SemCor saw (queen the monarch, not the insect)
          !(senseCount(w) >= AMBIGUOUS && wn.tagCount(w, s) === 0),
      );
  };

  // every noun synset, and the verb/adjective synsets a domain points at
  const keys = new Set<SynsetKey>();
  for (const lemma of wn.lemmas('n'))
    for (const s of wn.senses(lemma, 'n')) keys.add(synsetKey('n', s.offset));
  const childrenOf = (key: SynsetKey, only?: 'kinds' | 'parts' | 'domain'): SynsetKey[] => {
    const s = wn.synset(key);
    const group = (symbol: string) =>
      PART_POINTERS.has(symbol) ? 'parts' : symbol === '-c' ? 'domain' : 'kinds';
    return s.pointers
      .filter((p) => CHILD_POINTERS.has(p.symbol) && (p.pos === 'n' || p.symbol === '-c'))
      .filter((p) => only === undefined || group(p.symbol) === only)
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
    const domain = known(childrenOf(key, 'domain'));
    const definition = own.length > 0 ? splitGloss(s.gloss).definition.slice(0, 160) : '';
    if (domain.length > 0) return [own, children, definition, parts, domain];
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
  // the dictionary a player's own words and a model's words are checked against: every playable
  // word with a common sense, also those no topic plays (a name first in the subtitles: cobra)
  for (const pos of ['n', 'v', 'a'] as const) {
    for (const w of wn.lemmas(pos)) {
      if (wordIds.has(w) || !isPlayable(lex, w) || isInflection(lex, w)) continue;
      const sense = dominantSense(lex, w);
      if (!sense) continue;
      words[wordId(w)]!.push(splitGloss(sense.gloss).definition.slice(0, 160));
    }
  }
  const meant: TopicIndex['meant'] = {};
  const senseList = fs.readFileSync(path.join(DATA_DIR, 'topics', 'topic-senses.txt'), 'utf8');
  for (const [topic, names] of readTopicSenses(senseList)) {
    meant[topic] = names.map((name) => {
      const id = ids.get(keyOf(resolveSense(wn, name)));
      if (id === undefined) throw new Error(`${name} (for "${topic}") leads to no playable word`);
      return id;
    });
  }
  return { words, synsets, lemmas, meant };
}

if (process.argv[1]?.endsWith('topic-index.ts')) {
  const index = buildTopicIndex(loadLexicon());
  const out = path.join(DATA_DIR, 'topics', 'en-topics.json.gz');
  fs.writeFileSync(out, gzipSync(JSON.stringify(index), { level: 9 }));
  console.info(
    `${index.words.length} words, ${index.synsets.length} synsets, ${Object.keys(index.lemmas).length} topics → ${out} (${fs.statSync(out).size} bytes)`,
  );
}
