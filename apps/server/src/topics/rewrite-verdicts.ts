import fs from 'node:fs';
import path from 'node:path';
import { readTopicIndex } from './topic-index.ts';
import { offlineTopicProvider } from './topic-providers.ts';
import { checkedWords } from './topic-service.ts';
import { knownVerdicts } from './verdict-files.ts';

// keeps a set's verdicts file in step with what the generator plays (topic-review.test.ts wants
// exactly the played words): each topic's played words, in order, with the verdict they were given
// (a judged word that is no longer played is dropped; a word judged for the topic in another file,
// a review's …-judged.json, counts too); fails on a played word with none, to be judged first:
// node --conditions=source --import tsx apps/server/src/topics/rewrite-verdicts.ts [--without-curated] holdout
// (--without-curated: the generator before the curated topics, into <name>-verdicts-before.json)
const dir = path.join(import.meta.dirname, '../../../../data/topics');
const args = process.argv.slice(2);
const without = args.includes('--without-curated');
const index = readTopicIndex(undefined, without ? path.join(dir, 'no-such-folder') : undefined);
const provider = offlineTopicProvider(() => index);
const known = knownVerdicts(dir);
for (const name of args.filter((a) => !a.startsWith('--'))) {
  const file = path.join(dir, `${name}-verdicts${without ? '-before' : ''}.json`);
  const topics = JSON.parse(fs.readFileSync(path.join(dir, `${name}-topics.json`), 'utf8')) as string[];
  const out: Record<string, Record<string, boolean>> = {};
  for (const topic of topics) {
    const words = checkedWords(
      index,
      await provider.wordsFor(topic, { difficulty: 'beginner', count: 10 }),
      10,
    );
    out[topic] = {};
    for (const { word } of words) {
      const v = known(topic, word);
      if (v === undefined) throw new Error(`${name}: ${topic}: ${word} has no verdict`);
      out[topic][word] = v;
    }
  }
  fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
}
