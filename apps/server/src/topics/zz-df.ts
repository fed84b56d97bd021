import fs from 'node:fs';
import path from 'node:path';
import { curatedLookup, readCuratedTopics, topicForms } from '@sayspell/data/pipeline/curated-topics.ts';
import { knownVerdicts } from './verdict-files.ts';

const dir = path.join(import.meta.dirname, '../../../../data/topics');
const topics = readCuratedTopics();
const lookup = curatedLookup(topics);
const df = new Map<string, number>();
for (const t of topics) for (const w of new Set(t.words)) df.set(w, (df.get(w) ?? 0) + 1);
const known = knownVerdicts(dir);
const sets = process.argv.slice(2);
const buckets = new Map<string, [number, number]>();
const pos = new Map<string, [number, number]>();
for (const s of sets) {
  const v = JSON.parse(fs.readFileSync(path.join(dir, `${s}-verdicts.json`), 'utf8')) as Record<
    string,
    Record<string, boolean>
  >;
  for (const [topic, words] of Object.entries(v)) {
    const list = lookup(topic);
    if (!list) continue;
    for (const [w, ok] of Object.entries(words)) {
      const d = df.get(w) ?? df.get(topicForms(w)[3]!) ?? 0;
      const k = d >= 8 ? '8+' : d >= 5 ? '5-7' : d >= 3 ? '3-4' : String(d);
      const b = buckets.get(k) ?? [0, 0];
      b[0] += ok ? 1 : 0;
      b[1]++;
      buckets.set(k, b);
      const i = list.indexOf(w);
      const pk = i < 0 ? '?' : i < 10 ? '0-9' : i < 20 ? '10-19' : '20+';
      const p = pos.get(pk) ?? [0, 0];
      p[0] += ok ? 1 : 0;
      p[1]++;
      pos.set(pk, p);
    }
  }
}
for (const [k, [a, n]] of [...buckets].sort()) console.log('df', k, a, n, ((100 * a) / n).toFixed(1));
for (const [k, [a, n]] of [...pos].sort()) console.log('pos', k, a, n, ((100 * a) / n).toFixed(1));
void known;
