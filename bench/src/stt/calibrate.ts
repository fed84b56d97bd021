// sets the pronunciation check's thresholds on the development half of a bench dump and reports
// them on the test half, which they were not set on.
//   STT_DUMP=/tmp/dump.json npm run stt-accuracy -w @sayspell/bench
//   node --conditions=source --import tsx src/stt/calibrate.ts /tmp/dump.json [more dumps…]
// accept: the highest share of right words told 'right' with at most STT_SIMILAR_CAP (default
// 10 %) of similar words and 3 % of unrelated words told 'right'. reject: the widest 'wrong' that
// tells at most STT_RIGHT_WRONG_CAP (default 3 %) of right words 'wrong'; between the two the check says it is not sure
// (STT_THRESHOLDS='{"accept":…,"reject":…,"fit":…,"misfit":…}' measures given thresholds instead). the
// best accept rate under other caps is printed too (the trade-off the acoustic model allows).
import fs from 'node:fs';
import { features, type Thresholds, type WorkerAnswer } from '@sayspell/server/providers/stt/pocketsphinx';
import { writeResult } from '../measure.ts';

interface Row {
  set: 'dev' | 'test';
  condition: number;
  voice: string;
  kind: 'right' | 'similar' | 'unrelated';
  raw: WorkerAnswer;
}
const rows = process.argv
  .slice(2)
  .flatMap((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as Row[])
  .map((r) => ({ ...r, f: features(r.raw) }));

type Verdict = 'right' | 'wrong' | 'unsure';
function verdict(f: { margin: number; fit: number } | null, t: Thresholds): Verdict {
  if (!f) return 'unsure';
  if (f.margin >= t.accept && f.fit >= t.fit) return 'right';
  if (f.margin <= t.reject || f.fit < t.misfit) return 'wrong';
  return 'unsure';
}

export function rates(pick: typeof rows, t: Thresholds) {
  const share = (kind: Row['kind'], v: Verdict) => {
    const of = pick.filter((r) => r.kind === kind);
    return of.filter((r) => verdict(r.f, t) === v).length / Math.max(1, of.length);
  };
  return {
    rightAccepted: share('right', 'right'),
    rightWrong: share('right', 'wrong'),
    rightUnsure: share('right', 'unsure'),
    similarAccepted: share('similar', 'right'),
    similarRejected: share('similar', 'wrong'),
    unrelatedAccepted: share('unrelated', 'right'),
    unrelatedRejected: share('unrelated', 'wrong'),
  };
}

const dev = rows.filter((r) => r.set === 'dev');
const test = rows.filter((r) => r.set === 'test');
function bestAccept(similarCap: number) {
  let best: { t: Thresholds; score: number } | undefined;
  for (let accept = -10; accept <= 20; accept += 0.25) {
    for (let fit = -60; fit <= 30; fit += 1) {
      const t = { accept, fit, reject: -1e9, misfit: -1e9 };
      const r = rates(dev, t);
      if (
        r.similarAccepted > similarCap ||
        r.unrelatedAccepted > Number(process.env.STT_UNRELATED_CAP ?? 0.03)
      )
        continue;
      if (!best || r.rightAccepted > best.score) best = { t, score: r.rightAccepted };
    }
  }
  return best;
}
for (const cap of process.env.STT_THRESHOLDS ? [] : [0.1, 0.2, 0.3, 0.4]) {
  const b = bestAccept(cap);
  console.info(
    `similar accepted at most ${cap * 100} %: right accepted ${b ? Math.round(b.score * 1000) / 10 : '-'} %`,
    b?.t,
  );
}
function calibrate(): Thresholds {
  const best = bestAccept(Number(process.env.STT_SIMILAR_CAP ?? 0.1));
  if (!best) throw new Error('no thresholds meet the limits on the dev set');
  let chosen = best.t;
  for (let reject = chosen.accept; reject >= -40; reject -= 0.25) {
    for (let misfit = chosen.fit; misfit >= -150; misfit -= 5) {
      const t = { ...chosen, reject, misfit };
      if (rates(dev, t).rightWrong <= Number(process.env.STT_RIGHT_WRONG_CAP ?? 0.03)) {
        chosen = t;
        break;
      }
    }
    if (chosen.reject === reject) break;
  }
  return chosen;
}
// STT_THRESHOLDS='{"accept":…}': measure these (e.g. the shipped ones) instead of setting new ones
const chosen: Thresholds = process.env.STT_THRESHOLDS
  ? (JSON.parse(process.env.STT_THRESHOLDS) as Thresholds)
  : calibrate();
const pct = (o: Record<string, number>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v * 1000) / 10]));
console.info('thresholds', chosen);
const report: Record<string, Record<string, number>> = {};
for (const [name, pick] of [
  ['dev', dev],
  ['test', test],
  ['test clean', test.filter((r) => r.condition === 0)],
  ['test call', test.filter((r) => r.condition > 0)],
  ['dev clean', dev.filter((r) => r.condition === 0)],
  ['dev call', dev.filter((r) => r.condition > 0)],
  // festival's voices say words from festival's own lexicon; the espeak-ng test voices say them in
  // the accents whose pronunciations the check also knows (accents.py), so they are less unseen
  ['test festival clean', test.filter((r) => r.condition === 0 && r.voice.startsWith('festival'))],
  ['test festival call', test.filter((r) => r.condition > 0 && r.voice.startsWith('festival'))],
  ['test espeak clean', test.filter((r) => r.condition === 0 && r.voice.startsWith('espeak'))],
  ['test espeak call', test.filter((r) => r.condition > 0 && r.voice.startsWith('espeak'))],
] as const) {
  report[name] = pct(rates(pick, chosen));
  console.info(name.padEnd(20), JSON.stringify(report[name]));
}
if (process.env.STT_RESULT) {
  const checks = rows.length;
  console.info(
    'written to',
    writeResult(process.env.STT_RESULT, {
      results: { dumps: process.argv.slice(2), checks, thresholds: chosen, rates: report },
    }),
  );
}
