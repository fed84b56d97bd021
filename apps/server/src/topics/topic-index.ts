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

const MAX_DEPTH = 5;
const PART_STEP = 3;
/** a multi-word topic with fewer words of its own borrows from its last word */
const MIN_OWN = 10;

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
    const [word, ipa, syllables, zipf, homonyms] = raw.words[id]!;
    return { word, ipa, syllables, zipf: zipf / 100, homonyms, definition: definitions.get(id) ?? '' };
  };
  const ids = new Map(raw.words.map((w, i) => [w[0], i]));

  const sensesOf = (topic: string): number[] => {
    const t = topic.toLowerCase().trim().replace(/\s+/g, ' ');
    const tries = [t, t.replace(/ies$/, 'y'), t.replace(/es$/, ''), t.replace(/s$/, '')];
    for (const x of tries) if (raw.lemmas[x]) return raw.lemmas[x];
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
    {
      const senses = sensesOf(topic);
      const topicWords = new Set(topic.toLowerCase().split(/\s+/));
      const found = new Map<number, { depth: number; rank: number }>(); // word id → where found
      // the first sense is walked whole first; later senses only fill up what it lacks, and
      // their words come after its words ("animal" the creature before "animal" the body)
      for (const [rank, sense] of senses.slice(0, 3).entries()) {
        const seen = new Set<number>([sense]);
        // parts of a thing are two steps further from it than its kinds
        const levels: number[][] = [[sense]];
        for (let depth = 0; depth <= MAX_DEPTH && depth < levels.length; depth++) {
          for (const s of levels[depth] ?? []) {
            const [own, kinds, , parts = []] = raw.synsets[s]!;
            for (const w of own) if (!found.has(w)) found.set(w, { depth, rank });
            for (const [children, step] of [
              [kinds, 1],
              [parts, PART_STEP],
            ] as const) {
              for (const c of children) {
                if (seen.has(c)) continue;
                seen.add(c);
                const at = depth + step;
                levels[at] = [...(levels[at] ?? []), c];
              }
            }
          }
        }
        if (found.size >= limit) break;
      }
      return [...found.entries()]
        .map(([id, at]) => ({ w: byId(id), ...at }))
        .filter(({ w }) => !topicWords.has(w.word) && !blocked.has(w.word))
        .sort((a, b) => a.rank - b.rank || a.depth - b.depth || b.w.zipf - a.w.zipf)
        .slice(0, limit)
        .map(({ w }) => w);
    }
  }
}

/** splits words into thirds by ease (frequency, minus a cost for length), easiest first */
export function byDifficulty(words: TopicWord[]): [TopicWord[], TopicWord[], TopicWord[]] {
  const sorted = [...words].sort((a, b) => ease(b) - ease(a));
  const third = Math.ceil(sorted.length / 3);
  return [sorted.slice(0, third), sorted.slice(third, 2 * third), sorted.slice(2 * third)];
}
