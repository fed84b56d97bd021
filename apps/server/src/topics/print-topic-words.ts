import fs from 'node:fs';
import { soloGameWords } from './topic-sets.ts';

// prints the words the offline generator plays for a topics file (beginner, ten words), for review:
// node --conditions=source --import tsx apps/server/src/topics/print-topic-words.ts data/topics/holdout-topics.json
const topics = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as string[];
const played = soloGameWords();
for (const topic of topics) {
  console.info(
    `${topic}: ${(await played(topic)).map((w) => `${w.word} (${(w.definition ?? '').slice(0, 50)})`).join(' | ')}`,
  );
}
