import fs from 'node:fs';
import path from 'node:path';
import { readTopicIndex } from './topic-index.ts';
import { offlineTopicProvider } from './topic-providers.ts';
import { checkedWords } from './topic-service.ts';

// the reviews' topic sets (data/topics/<name>-topics.json) and their verdicts, for the review test
// and the scripts beside it (measure-topic-sets, collect-unjudged, rewrite-verdicts, print-topic-words)

type Verdicts = Record<string, Record<string, boolean>>;

export const TOPIC_SETS_DIR = path.join(import.meta.dirname, '../../../../data/topics');

const readJson = (file: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(TOPIC_SETS_DIR, file), 'utf8'));

/** a set's topics, in order */
export const readTopicSet = (name: string) => readJson(`${name}-topics.json`) as string[];

/** a set's verdicts file: topic → word → on topic */
export const readVerdicts = (file: string) => readJson(file) as Verdicts;

/**
 * the words a solo game plays for a topic, as the reviews judge them: the offline generator,
 * beginner, ten words after the dictionary check. withoutCurated: WordNet alone, as before the
 * curated topics (the "before" of the seventh review)
 */
export function soloGameWords({ withoutCurated = false } = {}) {
  const index = readTopicIndex(
    undefined,
    withoutCurated ? path.join(TOPIC_SETS_DIR, 'no-such-folder') : undefined,
  );
  const provider = offlineTopicProvider(() => index);
  return async (topic: string) =>
    checkedWords(index, await provider.wordsFor(topic, { difficulty: 'beginner', count: 10 }), 10);
}

/** every verdict given so far, by topic and word: the sets' verdicts files (…-verdicts.json,
 * …-verdicts-before.json) and the reviews' other judged words (…-judged.json). a verdict is about
 * a word for a topic, whichever set or review gave it */
export function knownVerdicts(): (topic: string, word: string) => boolean | undefined {
  const all: Verdicts = {};
  for (const f of fs.readdirSync(TOPIC_SETS_DIR).sort()) {
    if (!/(-verdicts(-before)?|-judged)\.json$/.test(f)) continue;
    for (const [topic, words] of Object.entries(readVerdicts(f))) all[topic] = { ...all[topic], ...words };
  }
  return (topic, word) => all[topic]?.[word];
}
