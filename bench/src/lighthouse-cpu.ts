import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { median, writeResult } from './measure.ts';
import type { TraceEvent } from './web/builds.ts';

// lighthouse's total blocking time counts each main-thread task's wall time (times 4, its phone cpu)
// from the first paint on. on a shared 2-core machine the renderer waits for a core inside its tasks,
// so the wall time is several times the cpu time and the figure says more about the machine than
// about the page. this reads the reports and traces that `lighthouse.ts --lhr-dir` kept and gives,
// per run, the main thread's cpu time and wall time over the trace, and the blocking time lighthouse
// would count if each task lasted its thread cpu time (x4, tasks after the first contentful paint)
//   node --import tsx bench/src/lighthouse-cpu.ts --lhr-dir /tmp/lhr --name lighthouse-x-cpu

const { values: args } = parseArgs({
  options: { 'lhr-dir': { type: 'string' }, name: { type: 'string', default: 'lighthouse-cpu' } },
});
const dir = args['lhr-dir'];
if (!dir) throw new Error('--lhr-dir: the folder lighthouse.ts wrote its reports and traces to');

interface RunCpu {
  cpuMs: number;
  wallMs: number;
  blockingFromCpuMs: number;
  longestTaskCpuMs: number;
}

function measure(trace: { traceEvents: TraceEvent[] }, url: string): RunCpu | null {
  const events = trace.traceEvents;
  const nav = events.findLast((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);
  if (!nav) return null;
  const main = events.find(
    (e) => e.name === 'thread_name' && e.pid === nav.pid && e.args?.name === 'CrRendererMain',
  );
  if (!main) return null;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === nav.pid)?.ts ?? nav.ts;
  const tasks = events.filter(
    (e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask' && e.ts >= nav.ts,
  );
  const cpu = (e: TraceEvent) => (e.tdur ?? 0) / 1000;
  const afterPaint = tasks.filter((e) => e.ts >= fcp);
  return {
    cpuMs: Math.round(tasks.reduce((s, e) => s + cpu(e), 0)),
    wallMs: Math.round(tasks.reduce((s, e) => s + (e.dur ?? 0) / 1000, 0)),
    blockingFromCpuMs: Math.round(afterPaint.reduce((s, e) => s + Math.max(0, 4 * cpu(e) - 50), 0)),
    longestTaskCpuMs: Math.round(Math.max(0, ...afterPaint.map(cpu)) * 10) / 10,
  };
}

const runs: Record<string, RunCpu[]> = {};
for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.trace.json'))
  .sort()) {
  const trace = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
    traceEvents: TraceEvent[];
  } | null;
  const report = JSON.parse(
    fs.readFileSync(path.join(dir, file.replace('.trace.json', '.json')), 'utf8'),
  ) as {
    finalDisplayedUrl: string;
  };
  const run = trace && measure(trace, report.finalDisplayedUrl);
  if (!run) continue;
  // before-root-signed-in-2 → before-root-signed-in
  const key = file.replace(/-\d+\.trace\.json$/, '');
  runs[key] = [...(runs[key] ?? []), run];
}
const summary = Object.fromEntries(
  Object.entries(runs).map(([key, list]) => [
    key,
    Object.fromEntries(
      (Object.keys(list[0]!) as (keyof RunCpu)[]).map((k) => [k, median(list.map((r) => r[k]))]),
    ),
  ]),
);
console.info(JSON.stringify(summary, null, 2));
console.info('written to', writeResult(args.name, { settings: { lhrDir: dir }, summary, runs }));
