import { knownVerdicts, readTopicSet, soloGameWords } from './topic-sets.ts';

// the words the generator plays for topic sets (beginner, ten words) that no verdict file judges
// yet, as JSON for a reviewer: [{ topic, word, definition }], each (topic, word) once.
// node --conditions=source --import tsx apps/server/src/topics/collect-unjudged.ts [--without-curated] review holdout …
// (--without-curated: the generator as it was before the curated topics, WordNet alone)
const args = process.argv.slice(2);
const played = soloGameWords({ withoutCurated: args.includes('--without-curated') });
const known = knownVerdicts();
const out = new Map<string, { topic: string; word: string; definition: string }>();
for (const name of args.filter((a) => !a.startsWith('--'))) {
  for (const topic of readTopicSet(name)) {
    for (const w of await played(topic))
      if (known(topic, w.word) === undefined)
        out.set(`${topic}\t${w.word}`, { topic, word: w.word, definition: w.definition ?? '' });
  }
}
console.info(JSON.stringify([...out.values()], null, 1));
