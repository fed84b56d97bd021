import fs from 'node:fs';
import { readTopicIndex } from './topic-index.ts';
import { offlineTopicProvider } from './topic-providers.ts';
import { checkedWords } from './topic-service.ts';

// prints the words the offline generator plays for a topics file (beginner, ten words), for review:
// node --import tsx apps/server/src/topics/print-topic-words.ts data/topics/holdout-topics.json
const topics = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as string[];
const index = readTopicIndex();
const provider = offlineTopicProvider(() => index);
for (const topic of topics) {
  const proposed = await provider.wordsFor(topic, { difficulty: 'beginner', count: 10 });
  const played = checkedWords(index, proposed, 10);
  console.info(
    `${topic}: ${played.map((w) => `${w.word} (${(w.definition ?? '').slice(0, 50)})`).join(' | ')}`,
  );
}
