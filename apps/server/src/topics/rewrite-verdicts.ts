import fs from 'node:fs';
import path from 'node:path';
import { knownVerdicts, readTopicSet, soloGameWords, TOPIC_SETS_DIR } from './topic-sets.ts';

// keeps a set's verdicts file in step with what the generator plays (topic-review.test.ts wants
// exactly the played words): each topic's played words, in order, with the verdict they were given
// (a judged word that is no longer played is dropped; a word judged for the topic in another file,
// a review's …-judged.json, counts too); fails on a played word with none, to be judged first:
// node --conditions=source --import tsx apps/server/src/topics/rewrite-verdicts.ts [--without-curated] holdout
// (--without-curated: the generator before the curated topics, into <name>-verdicts-before.json)
const args = process.argv.slice(2);
const without = args.includes('--without-curated');
const played = soloGameWords({ withoutCurated: without });
const known = knownVerdicts();
for (const name of args.filter((a) => !a.startsWith('--'))) {
  const out: Record<string, Record<string, boolean>> = {};
  for (const topic of readTopicSet(name)) {
    out[topic] = {};
    for (const { word } of await played(topic)) {
      const v = known(topic, word);
      if (v === undefined) throw new Error(`${name}: ${topic}: ${word} has no verdict`);
      out[topic][word] = v;
    }
  }
  const file = path.join(TOPIC_SETS_DIR, `${name}-verdicts${without ? '-before' : ''}.json`);
  fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
}
