import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  curatedLookup,
  pluralForms,
  readCuratedTopics,
  topicForms,
} from '@sayspell/data/pipeline/curated-topics.ts';
import { ease } from '@sayspell/data/pipeline/difficulty.ts';
import { DATA_DIR } from '@sayspell/data/pipeline/lexicon-dir.ts';
import type { TopicIndex } from '@sayspell/data/pipeline/topic-index.ts';
import { readWordList } from '@sayspell/data/pipeline/word-list.ts';

// the compact topic index (data/topics/en-topics.json.gz, built by data/pipeline/topic-index.ts),
// read on the first custom game, not at start-up: about 1.2 MB gzip, 0.3 s to read

export interface TopicWord {
  word: string;
  ipa: string;
  syllables: number;
  zipf: number;
  homonyms: string[];
  definition: string;
}

export interface LoadedTopicIndex {
  /** the playable word, or undefined: the dictionary every generated word is checked against */
  word(spelling: string): TopicWord | undefined;
  /** a curated topic's words in its list's order (most familiar first), when it has enough in the
   * dictionary for a game */
  curated(topic: string): TopicWord[] | undefined;
  /** words about a topic: a curated topic's words; otherwise WordNet's, nearest first (the
   * topic's own sense, then its hyponyms, parts, domain) */
  about(topic: string, limit: number): TopicWord[];
}

/** how WordNet's definitions also say a topic's first word: "ocean animals" are the animals
 * its definitions call marine (shark, seal, jellyfish) */
const SAID_ALSO: Record<string, string[]> = { ocean: ['sea', 'marine'], sea: ['ocean', 'marine'] };
/** a multi-word topic with fewer words of its own borrows from its last word */
const MIN_OWN = 10;
/** a topic named by more definitions than this is too common a word to find words by */
const SPECIFIC = 60;
/** what a definition says before naming its kind: "a", "any of various large", "small round" */
const KIND_OF =
  /^\s*(?:(?:a|an|the|any|one|of|several|various|numerous|many|some)\s+)*(?:(?!(?:or|not|without|of|for|in|into|with|where|that|which|who|by|from|to|on|at|as|used|made|and|like|than|when)\b)[a-z-]+,?\s+){0,3}$/i;
/** what follows a definition's kind: the end, or what it is made of, like, used for… */
const HEAD_ENDS =
  /^\s*(?:$|[,:]|(?:of|that|which|who|whose|with|having|has|used|made|for|in|from|to|or|and|on|by|at|like|consisting|usually|especially|typically|often|similar|served|found|native|resembling|worn|grown|cultivated|eaten|prepared|originally|popular|common)\b)/i;
/** a sense with this many words is the topic: no parts, no other senses */
const ENOUGH = 30;

/** words a definition says too often to tell senses apart */
const GENERAL = new Set(
  'with that having used which from usually various small large into other such some many more than their them this these those being made make often especially kind form part something someone person people thing things very also each when where while about over under long short like type sort group member members family genus species typically found larger smaller common commonly'.split(
    ' ',
  ),
);

/** a definition's distinct words of more than `min` letters, lowercase, without the general ones */
function contentWords(d: string, min = 3): string[] {
  return [
    ...new Set(
      d
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((x) => x.length > min && (min === 0 || !GENERAL.has(x))),
    ),
  ];
}

interface BankRow {
  word: string;
  category: string;
  definition: string | null;
}

export function topicIndexFile() {
  return path.join(DATA_DIR, 'topics', 'en-topics.json.gz');
}

export function readTopicIndex(file = topicIndexFile(), curatedDir?: string): LoadedTopicIndex {
  const curated = curatedLookup(readCuratedTopics(curatedDir));
  const raw = JSON.parse(gunzipSync(fs.readFileSync(file)).toString('utf8')) as TopicIndex;
  const blocked = new Set(readWordList(path.join(DATA_DIR, 'blocklist.txt')));
  // a word's definitions, one per sense the index holds, the first sense's first
  const definitions = new Map<number, string[]>();
  for (const [own, , definition] of raw.synsets) {
    for (const id of own) definitions.set(id, [...(definitions.get(id) ?? []), definition]);
  }
  const byId = (id: number): TopicWord => {
    const [word, ipa, syllables, zipf, homonyms, own] = raw.words[id]!;
    return {
      word,
      ipa,
      syllables,
      zipf: zipf / 100,
      homonyms,
      definition: definitions.get(id)?.[0] ?? own ?? '',
    };
  };
  /** the word bank's definitions by word, each with its category (data/words/en.json): reviewed
   * for that category's sense (whale in animals: "any of the larger cetacean mammals…") */
  let bank: Map<string, { category: string; definition: string }[]> | undefined;
  const bankDefinitions = (word: string) => {
    if (!bank) {
      bank = new Map();
      const file = path.join(DATA_DIR, 'words', 'en.json');
      const rows = fs.existsSync(file)
        ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { words: BankRow[] }).words
        : [];
      for (const r of rows)
        if (r.definition)
          bank.set(r.word, [...(bank.get(r.word) ?? []), { category: r.category, definition: r.definition }]);
    }
    return bank.get(word) ?? [];
  };
  /** a word's definitions to choose from: the word bank's, each with its category, then the
   * index's senses; none with a blocked word in it (the kitchen's peeler is, in WordNet's first
   * sense, "a performer who provides erotic entertainment") */
  const candidatesOf = (id: number): { d: string; category?: string }[] => {
    const own = raw.words[id]![5];
    return [
      ...bankDefinitions(raw.words[id]![0]).map((b) => ({ d: b.definition, category: b.category })),
      ...[...(definitions.get(id) ?? []), ...(own ? [own] : [])].map((d) => ({ d })),
    ].filter((c) => !contentWords(c.d, 0).some((x) => blocked.has(x)));
  };
  /** a curated topic's word with the definition of its sense in that topic: the candidate naming
   * the topic or its other words most (twice each; a bank category the topic names counts twice:
   * ocean animals' whale is the animal, not "a very large person"; baseball's bat is not the
   * mammal), then saying most of what the topic's definitions say; on nothing, the first. none
   * at all when every candidate has a blocked word: the results page shows no definition then */
  const inTopic = (id: number, names: (x: string) => boolean, vocabulary: Set<string>): TopicWord => {
    const w = byId(id);
    const self = new Set(formsOf(w.word));
    const candidates = candidatesOf(id);
    let best = candidates[0]?.d ?? '';
    let bestScore = 0;
    for (const { d, category } of candidates) {
      const shared = contentWords(d).filter((x) => !self.has(x));
      const score =
        2 * shared.filter(names).length +
        shared.filter((x) => vocabulary.has(x)).length +
        (category && names(category) ? 2 : 0);
      if (score > bestScore) {
        best = d;
        bestScore = score;
      }
    }
    return { ...w, definition: best };
  };
  /** a curated topic's playable words with their definitions, worked out once per name typed (the
   * lists do not change while the server runs; only topics the lists know are kept) */
  const curatedCache = new Map<string, TopicWord[] | undefined>();
  const ids = new Map(raw.words.map((w, i) => [w[0], i]));
  const zipfOf = (w: string) => raw.words[ids.get(w) ?? -1]?.[3] ?? -1;

  /** the topic as typed (WordNet's lemmas keep their hyphens), then with a plural's ending taken off */
  const formsOf = (topic: string): string[] => pluralForms(topic.toLowerCase().trim().replace(/\s+/g, ' '));

  /** the topic's senses, most common first; each a group of synsets walked together */
  const sensesOf = (topic: string): number[][] => {
    const tries = formsOf(topic);
    const t = tries[0]!;
    // a topic a player means otherwise than WordNet lists first (instruments: musical ones)
    for (const x of tries) if (raw.meant?.[x]) return [raw.meant[x]];
    // a plural a player types means the singular's kinds ("organs": heart, liver), before a
    // sense only the plural has (WordNet's "organs" is variety meat), unless the singular is the
    // rarer word ("physics", not "physic", a laxative)
    const singular = tries.slice(1).find((y) => y !== t && raw.lemmas[y] && zipfOf(y) >= zipfOf(t));
    for (const x of [...(singular ? [singular] : []), ...tries])
      if (raw.lemmas[x]) return raw.lemmas[x].map((id) => [id]);
    return [];
  };

  return {
    word(spelling) {
      const id = ids.get(spelling.toLowerCase());
      if (id === undefined || blocked.has(spelling.toLowerCase())) return undefined;
      return byId(id);
    },
    curated: curatedWords,
    about(topic, limit) {
      // a topic people wrote words for (data/topics/curated): those words; WordNet's only when too
      // few of them are in the dictionary (issue 17: WordNet's first sense is often not what a
      // player means, and it files a scene's things elsewhere)
      const own = curatedWords(topic);
      if (own) return own.slice(0, limit);
      // the topic's first sense, then the words definitions tie to it, then (only when both lead
      // to no word) its later senses: a later sense's words were on topic 18 times in 29 on the
      // tuning sets (pets: darling; time: while), the definitions' words 4 times in 5
      let words = padded(topic, limit, false);
      if (words.length >= MIN_OWN) return words;
      const have = new Set(words.map((w) => w.word));
      words = [...words, ...described(topic).filter((w) => !have.has(w.word))];
      if (words.length === 0) words = padded(topic, limit, true);
      return words.slice(0, limit);
    },
  };

  /** a curated topic's playable words with their definitions (curatedCache) */
  function curatedWords(topic: string): TopicWord[] | undefined {
    const own = curated(topic);
    if (!own) return undefined;
    const key = topicForms(topic)[0]!;
    if (!curatedCache.has(key)) curatedCache.set(key, curatedWordsOf(key, own));
    return curatedCache.get(key);
  }

  function curatedWordsOf(topic: string, own: string[]): TopicWord[] | undefined {
    const named = new Set(formsOf(topic));
    // a plural the dictionary does not hold is played as its singular (socks: sock)
    const spelt = own.map((w) => (ids.has(w) ? w : (formsOf(w).find((f) => ids.has(f)) ?? w)));
    const context = new Set([...spelt, ...formsOf(topic).flatMap((f) => f.split(' '))]);
    // a compound ending in a topic word counts as naming it (a songbird is a bird)
    const long = [...context].filter((c) => c.length >= 4);
    const names = (x: string) =>
      context.has(x) ||
      context.has(x.replace(/s$/, '')) ||
      context.has(x.replace(/es$/, '')) ||
      long.some((c) => x.length > c.length && x.endsWith(c));
    const found = [...new Set(spelt)].flatMap((w) => {
      const id = ids.get(w);
      return id === undefined || blocked.has(w) || named.has(w) ? [] : [id];
    });
    // what the topic's words' definitions say again and again (ocean animals: marine, aquatic,
    // mollusk): a sense of a word that says it too is the topic's sense
    const says = new Map<string, number>();
    for (const id of found) {
      const seen = new Set(candidatesOf(id).flatMap((c) => contentWords(c.d)));
      for (const x of seen) says.set(x, (says.get(x) ?? 0) + 1);
    }
    const vocabulary = new Set([...says].filter(([, n]) => n >= 3).map(([x]) => x));
    const words = found.map((id) => inTopic(id, names, vocabulary));
    return words.length >= MIN_OWN ? words : undefined;
  }

  function padded(topic: string, limit: number, laterSenses: boolean): TopicWord[] {
    const words = nearest(topic, limit, laterSenses);
    const parts = topic.toLowerCase().trim().split(/\s+/);
    if (words.length >= MIN_OWN || parts.length < 2) return words;
    // "sea animals" names few words of its own (WordNet's sea animals lead nowhere playable):
    // the animals fill it up, but only those the rest of the topic describes ("… of the sea"),
    // not the most familiar animals (dog, horse), which are about something else
    const have = new Set(words.map((w) => w.word));
    const described = parts
      .slice(0, -1)
      .map((m) => m.replace(/[^a-z]/g, ''))
      .filter((m) => m.length >= 3 && m !== 'and' && m !== 'the')
      .map((m) => new RegExp(`\\b(${[m, ...(SAID_ALSO[m] ?? [])].join('|')})s?\\b`, 'i'));
    const more = nearest(parts[parts.length - 1]!, 1000, laterSenses).filter(
      (w) => !have.has(w.word) && described.some((re) => re.test(w.definition)),
    );
    return [...words, ...more].slice(0, limit);
  }

  /** words whose definitions say they are a kind of the topic that WordNet did not file under it
   * ("a ballroom dance": tango, "a felt hat…": derby), then those that name one of it ("employed
   * at a beach": lifeguard), most familiar first in each; only when few definitions name the topic
   * at all (a word many use, time or water, says little about each). every word whose definition
   * mentions the topic was tried: one in three was off topic (coats: tiger, "having a tawny coat") */
  function described(topic: string): TopicWord[] {
    const forms = [...new Set(formsOf(topic))].filter((f) => f.length >= 3);
    if (forms.length === 0) return [];
    const re = new RegExp(`\\b(${forms.join('|')})s?\\b`, 'i');
    const named = new Set(forms);
    const kinds: TopicWord[] = [];
    const some: TopicWord[] = [];
    let mentions = 0;
    for (let id = 0; id < raw.words.length; id++) {
      const w = byId(id);
      if (named.has(w.word) || blocked.has(w.word)) continue;
      // the definition's first clause, without its asides: "(folklore) a corpse that rises…"
      const clause = w.definition.split(';')[0]!.replace(/\([^)]*\)/g, ' ');
      const at = clause.search(re);
      if (at < 0) continue;
      if (++mentions > SPECIFIC) return [];
      // the topic is what it is ("a drink made by…"), not what describes it ("a government
      // administrator", "a writing desk")
      const after = clause.slice(at).replace(re, '');
      if (!HEAD_ENDS.test(after) && !/^'s\b/.test(after)) continue;
      if (KIND_OF.test(clause.slice(0, at))) kinds.push(w);
      // or that name one of it: "employed at a beach" (lifeguard), "worn at a wedding"; "the" or
      // "in" before it were on topic half the time (the planets: astrology; in winter: junco)
      else if (/\ban?\s+$/i.test(clause.slice(0, at))) some.push(w);
    }
    const familiar = (a: TopicWord, b: TopicWord) => b.zipf - a.zipf;
    return [...kinds.sort(familiar), ...some.sort(familiar)];
  }

  function nearest(topic: string, limit: number, laterSenses: boolean): TopicWord[] {
    const senses = sensesOf(topic);
    const topicWords = new Set(topic.toLowerCase().split(/\s+/));
    // the topic's own name in its forms: a sense that leads only to it ("primate" the
    // archbishop) leads to no word
    const named = new Set(formsOf(topic));
    const found = new Map<number, { rank: number; part: number }>(); // word id → where found
    const take = (w: number, rank: number, part: number) => {
      const at = found.get(w);
      if (!at || rank < at.rank || (rank === at.rank && part < at.part)) found.set(w, { rank, part });
    };
    // the kinds of a sense at any depth, in one walk (a category is its kinds: every animal)
    const kindsOf = (sense: number): number[] => {
      const seen = new Set<number>([sense]);
      const queue = [sense];
      for (let i = 0; i < queue.length; i++) {
        for (const c of raw.synsets[queue[i]!]![1]) {
          if (seen.has(c)) continue;
          seen.add(c);
          queue.push(c);
        }
      }
      return queue;
    };
    for (const [rank, group] of senses.slice(0, 3).entries()) {
      // its kinds at any depth (a category is its kinds: every animal)
      for (const sense of group)
        for (const s of kindsOf(sense)) for (const w of raw.synsets[s]![0]) take(w, rank, 0);
      // what its own domain holds when its kinds are few (geology: erosion), not the domains of
      // its kinds (vertebrate: blood), nor the kinds of what it holds: those were on topic 78
      // times in 109 on the tuning sets (rivers: sea, lake; trains: passenger, hitchhiker); a topic
      // with kinds enough has odd domain words (music: section)
      if (found.size < ENOUGH) {
        const domain = group.flatMap((sense) => raw.synsets[sense]![4] ?? []);
        for (const s of domain) for (const w of raw.synsets[s]![0]) take(w, rank, 1);
      }
      // a thing with few kinds is its parts and theirs (the body: head, arm, elbow; a family:
      // father, mother), not their kinds ("school" of fish has fish, not every fish)
      if (found.size < ENOUGH) {
        const parts = group.flatMap((sense) => raw.synsets[sense]![3] ?? []);
        for (const p of [...parts, ...parts.flatMap((x) => raw.synsets[x]![3] ?? [])])
          for (const w of raw.synsets[p]![0]) take(w, rank, 2);
      }
      // a later sense only when the first leads to no word at all: filling a small topic from
      // later senses played their familiar words first (beetles: gavel, nuts: crackpot, jobs:
      // lesson); a small topic is refused with its message instead (topic-senses.txt names the
      // senses a player means where the first is wrong: family, instruments)
      if (!laterSenses || [...found.keys()].some((w) => !named.has(raw.words[w]![0]))) break;
    }
    return [...found.entries()]
      .map(([id, at]) => ({ w: byId(id), ...at }))
      .filter(({ w }) => !topicWords.has(w.word) && !blocked.has(w.word))
      .sort((a, b) => a.rank - b.rank || a.part - b.part || b.w.zipf - a.w.zipf)
      .slice(0, limit)
      .map(({ w }) => w);
  }
}

/** splits words into thirds by ease (frequency, minus a cost for length), easiest first */
export function byDifficulty(words: TopicWord[]): [TopicWord[], TopicWord[], TopicWord[]] {
  const sorted = [...words].sort((a, b) => ease(b) - ease(a));
  const third = Math.ceil(sorted.length / 3);
  return [sorted.slice(0, third), sorted.slice(third, 2 * third), sorted.slice(2 * third)];
}
