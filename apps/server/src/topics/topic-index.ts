import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
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
  /** words about a topic, nearest first (the topic's own sense, then its hyponyms, parts, domain) */
  about(topic: string, limit: number): TopicWord[];
}

/** how WordNet's definitions also say a topic's first word: "ocean animals" are the animals
 * its definitions call marine (shark, seal, jellyfish) */
const SAID_ALSO: Record<string, string[]> = { ocean: ['sea', 'marine'], sea: ['ocean', 'marine'] };
/** a multi-word topic with fewer words of its own borrows from its last word */
const MIN_OWN = 10;
/** a sense with this many words is the topic: no parts, no other senses */
const ENOUGH = 30;

export function topicIndexFile() {
  return path.join(DATA_DIR, 'topics', 'en-topics.json.gz');
}

export function readTopicIndex(file = topicIndexFile()): LoadedTopicIndex {
  const raw = JSON.parse(gunzipSync(fs.readFileSync(file)).toString('utf8')) as TopicIndex;
  const blocked = new Set(readWordList(path.join(DATA_DIR, 'blocklist.txt')));
  const definitions = new Map<number, string>();
  for (const [own, , definition] of raw.synsets) {
    for (const id of own) if (!definitions.has(id)) definitions.set(id, definition);
  }
  const byId = (id: number): TopicWord => {
    const [word, ipa, syllables, zipf, homonyms, own] = raw.words[id]!;
    return { word, ipa, syllables, zipf: zipf / 100, homonyms, definition: definitions.get(id) ?? own ?? '' };
  };
  const ids = new Map(raw.words.map((w, i) => [w[0], i]));
  const zipfOf = (w: string) => raw.words[ids.get(w) ?? -1]?.[3] ?? -1;

  /** the topic as typed, then with a plural's ending taken off */
  const formsOf = (topic: string): string[] => {
    const t = topic.toLowerCase().trim().replace(/\s+/g, ' ');
    return [t, t.replace(/ies$/, 'y'), t.replace(/es$/, ''), t.replace(/s$/, '')];
  };

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
    about(topic, limit) {
      const words = nearest(topic, limit);
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
      const more = nearest(parts[parts.length - 1]!, 1000).filter(
        (w) => !have.has(w.word) && described.some((re) => re.test(w.definition)),
      );
      return [...words, ...more].slice(0, limit);
    },
  };

  function nearest(topic: string, limit: number): TopicWord[] {
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
      // what its own domain holds when its kinds are few (geology: cliff, cave), not the domains
      // of its kinds (vertebrate: blood); a topic with kinds enough has odd domain words (music: section)
      if (found.size < ENOUGH) {
        const domain = group.flatMap((sense) => raw.synsets[sense]![4] ?? []);
        for (const s of [...domain, ...domain.flatMap((d) => raw.synsets[d]![1])])
          for (const w of raw.synsets[s]![0]) take(w, rank, 1);
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
      if ([...found.keys()].some((w) => !named.has(raw.words[w]![0]))) break;
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
