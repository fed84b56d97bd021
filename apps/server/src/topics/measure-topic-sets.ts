import { readTopicSet, readVerdicts, soloGameWords } from './topic-sets.ts';

// the share of played words on topic for topic sets and their verdicts, as a solo game plays them
// (beginner, ten words), and the words played that have no verdict yet (to be judged before the
// share counts): node --conditions=source --import tsx apps/server/src/topics/measure-topic-sets.ts
// review holdout holdout-2   (names of data/topics/<name>-topics.json, <name>-verdicts.json)
const played = soloGameWords();
for (const name of process.argv.slice(2)) {
  const topics = readTopicSet(name);
  const verdicts = readVerdicts(`${name}-verdicts.json`);
  let on = 0;
  let all = 0;
  let games = 0;
  const unjudged: string[] = [];
  const rejected: string[] = [];
  for (const topic of topics) {
    const words = await played(topic);
    if (words.length >= 10) games++;
    for (const w of words) {
      const v = verdicts[topic]?.[w.word];
      if (v === undefined) unjudged.push(`${topic}: ${w.word} (${(w.definition ?? '').slice(0, 60)})`);
      else {
        all++;
        if (v) on++;
        else rejected.push(`${topic}: ${w.word}`);
      }
    }
  }
  console.info(
    `${name}: ${on}/${all} = ${((100 * on) / Math.max(1, all)).toFixed(1)} % on topic, ${games} of ${topics.length} topics give ten words`,
  );
  if (process.env.VERBOSE) console.info(`  rejected: ${rejected.join(', ')}`);
  for (const u of unjudged) console.info(`  unjudged ${u}`);
}
