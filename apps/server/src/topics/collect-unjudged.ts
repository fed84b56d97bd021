import fs from 'node:fs';
import path from 'node:path';
import { readTopicIndex } from './topic-index.ts';
import { offlineTopicProvider } from './topic-providers.ts';
import { checkedWords } from './topic-service.ts';
import { knownVerdicts } from './verdict-files.ts';

// the words the generator plays for topic sets (beginner, ten words) that no verdict file judges
// yet, as JSON for a reviewer: [{ topic, word, definition }], each (topic, word) once.
// node --conditions=source --import tsx apps/server/src/topics/collect-unjudged.ts [--without-curated] review holdout …
// (--without-curated: the generator as it was before the curated topics, WordNet alone)
const args = process.argv.slice(2);
const without = args.includes('--without-curated');
const dir = path.join(import.meta.dirname, '../../../../data/topics');
const index = readTopicIndex(undefined, without ? path.join(dir, 'no-such-folder') : undefined);
const provider = offlineTopicProvider(() => index);
const known = knownVerdicts(dir);
const out = new Map<string, { topic: string; word: string; definition: string }>();
for (const name of args.filter((a) => !a.startsWith('--'))) {
  const topics = JSON.parse(fs.readFileSync(path.join(dir, `${name}-topics.json`), 'utf8')) as string[];
  for (const topic of topics) {
    const words = checkedWords(
      index,
      await provider.wordsFor(topic, { difficulty: 'beginner', count: 10 }),
      10,
    );
    for (const w of words)
      if (known(topic, w.word) === undefined)
        out.set(`${topic}\t${w.word}`, { topic, word: w.word, definition: w.definition ?? '' });
  }
}
console.info(JSON.stringify([...out.values()], null, 1));
