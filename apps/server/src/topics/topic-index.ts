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

  /** the topic's senses, most common first; each a group of synsets walked together */
  const sensesOf = (topic: string): number[][] => {
    const t = topic.toLowerCase().trim().replace(/\s+/g, ' ');
    const tries = [t, t.replace(/ies$/, 'y'), t.replace(/es$/, ''), t.replace(/s$/, '')];
    // a topic a player means otherwise than WordNet lists first (instruments: musical ones)
    for (const x of tries) if (raw.meant?.[x]) return [raw.meant[x]];
    for (const x of tries) if (raw.lemmas[x]) return raw.lemmas[x].map((id) => [id]);
    // "farm animals": the last word names the kind of thing
    const parts = t.split(' ');
    if (parts.length > 1) return sensesOf(parts[parts.length - 1]!);
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
      // "farm animals" names few words of its own: the animals fill it up
      const parts = topic.trim().split(/\s+/);
      if (words.length >= MIN_OWN || parts.length < 2) return words;
      const have = new Set(words.map((w) => w.word));
      const more = nearest(parts[parts.length - 1]!, limit).filter((w) => !have.has(w.word));
      return [...words, ...more].slice(0, limit);
    },
  };

  function nearest(topic: string, limit: number): TopicWord[] {
    const senses = sensesOf(topic);
    const topicWords = new Set(topic.toLowerCase().split(/\s+/));
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
      // a later sense only fills a topic too small for a game: its words are familiar and would
      // lead the game ("family" the grammatical class: noun, verb)
      if (found.size >= MIN_OWN) break;
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
