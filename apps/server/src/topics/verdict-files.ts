import fs from 'node:fs';
import path from 'node:path';

type Verdicts = Record<string, Record<string, boolean>>;

/** every verdict given so far, by topic and word: the sets' verdicts files (…-verdicts.json,
 * …-verdicts-before.json) and the reviews' other judged words (…-judged.json) in data/topics. a
 * verdict is about a word for a topic, whichever set or review gave it */
export function knownVerdicts(dir: string): (topic: string, word: string) => boolean | undefined {
  const all: Verdicts = {};
  for (const f of fs.readdirSync(dir).sort()) {
    if (!/(-verdicts(-before)?|-judged)\.json$/.test(f)) continue;
    const v = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Verdicts;
    for (const [topic, words] of Object.entries(v)) all[topic] = { ...all[topic], ...words };
  }
  return (topic, word) => all[topic]?.[word];
}
