import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from './lexicon-dir.ts';

// the hand-curated topics (data/topics/curated/*.txt, issue 17): what a player typing a common
// topic means, written by people rather than walked from WordNet. one line a topic:
//   dogs | dog breeds: puppy, poodle, beagle, collie, …
// the topic, its other names after " | ", then its words, most familiar first. # starts a comment

export interface CuratedTopic {
  /** the topic and the other names a player types for it, lowercase */
  names: string[];
  /** its words, most familiar first */
  words: string[];
}

const LINE = /^([a-z]+(?: [a-z]+)*(?: \| [a-z]+(?: [a-z]+)*)*): ([a-z]+(?:, [a-z]+)*)$/;

/** the topics of one file's text; a malformed line is an error naming the file and the line */
export function parseCuratedTopics(text: string, file: string): CuratedTopic[] {
  const topics: CuratedTopic[] = [];
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m)
      throw new Error(
        `${file}:${i + 1}: expected "topic | other name: word, word, …" in lowercase letters, got "${line.slice(0, 60)}"`,
      );
    topics.push({ names: m[1]!.split(' | '), words: m[2]!.split(', ') });
  }
  return topics;
}

export const CURATED_DIR = path.join(DATA_DIR, 'topics', 'curated');

/** every curated file's topics, the files in name order */
export function readCuratedTopics(dir = CURATED_DIR): CuratedTopic[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .flatMap((f) => parseCuratedTopics(fs.readFileSync(path.join(dir, f), 'utf8'), f));
}

/** a typed topic's forms to look up: as typed (lowercase, single spaces, letters only, without a
 * leading "the"), then with a plural's ending taken off */
export function topicForms(topic: string): string[] {
  return pluralForms(
    topic
      .toLowerCase()
      .replace(/[^a-z\s]/g, ' ')
      .trim()
      .replace(/\s+/g, ' ')
      .replace(/^the /, ''),
  );
}

/** a lowercase text, then with a plural's ending taken off (berries: berry, berri, berrie), each once */
export function pluralForms(t: string): string[] {
  return [...new Set([t, t.replace(/ies$/, 'y'), t.replace(/es$/, ''), t.replace(/s$/, '')])];
}

/** a lookup from a typed topic to its curated words: an exact name first, then a name that is the
 * typed topic's singular, then a name whose singular is the typed topic ("dog" finds "dogs"); when
 * two files name one topic, their words are joined, the first file's first */
export function curatedLookup(topics: CuratedTopic[]): (topic: string) => string[] | undefined {
  const exact = new Map<string, string[]>();
  for (const t of topics) {
    for (const name of t.names) {
      const had = exact.get(name) ?? [];
      exact.set(name, [...new Set([...had, ...t.words])]);
    }
  }
  const bySingular = new Map<string, string[]>();
  for (const [name, words] of exact) {
    for (const form of topicForms(name).slice(1))
      if (form !== name && !exact.has(form) && !bySingular.has(form)) bySingular.set(form, words);
  }
  return (topic) => {
    const forms = topicForms(topic);
    for (const f of forms) {
      const words = exact.get(f);
      if (words) return words;
    }
    for (const f of forms) {
      const words = bySingular.get(f);
      if (words) return words;
    }
    return undefined;
  };
}
