import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer, { type Protocol } from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map';
import { root, startChild } from './latency/processes.ts';
import { writeResult } from './measure.ts';
import { buildsToMeasure, type TraceEvent } from './web/builds.ts';
import { guestWithGame, storeSessionScript } from './web/visitors.ts';

// what the main thread does during a page's first load, under lighthouse's mobile cpu slowdown (4x):
// a sampling cpu profile (v8's, 100 µs) from navigation until the network has been quiet for 2 s,
// its self time summed by source module (through the build's source maps: build with --sourcemap)
// and by function, plus the trace's top-level tasks by kind (script, style, layout, paint, gc) and
// the long tasks (> 50 ms) with what ran in them. lighthouse says how long the main thread was
// blocked; this says by what
//   (cd apps/web && npx vite build --outDir /tmp/x --emptyOutDir --sourcemap)
//   node --conditions=source --import tsx bench/src/web-profile.ts --dist /tmp/x [--pages landing,home,game] [--runs 3]

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(root, 'apps', 'web', 'dist') },
    // label=/dist pairs, profiled side by side (runs alternating), as bench/src/lighthouse.ts does
    compare: { type: 'string' },
    pages: { type: 'string', default: 'landing,home,game' },
    runs: { type: 'string', default: '1' },
    // 1: no cpu slowdown in the browser; each task's thread cpu time is multiplied by 4 instead (what
    // lighthouse's simulation does), so other processes on a busy machine do not lengthen them
    slowdown: { type: 'string', default: '1' },
    name: { type: 'string', default: 'web-profile' },
    top: { type: 'string', default: '25' },
  },
});
const builds = buildsToMeasure(args.compare, args.dist);
const slowdown = Number(args.slowdown);
const top = Number(args.top);

const dataDirs: string[] = [];
const servers = new Map<string, { url: string; stop: () => Promise<void> }>();
for (const [label, dist] of builds) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-profile-'));
  dataDirs.push(dataDir);
  servers.set(
    label,
    await startChild(
      'apps/server/src/main.ts',
      { DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: dist, GUEST_MAX_PER_IP: '100000' },
      [],
      180_000,
    ),
  );
}
let dist = builds[0]![1];

// source maps of the built chunks, by build and file name
const consumers = new Map<string, SourceMapConsumer | null>();
async function consumerFor(url: string): Promise<SourceMapConsumer | null> {
  const file = url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');
  const key = `${dist}${file}`;
  if (consumers.has(key)) return consumers.get(key)!;
  const mapFile = path.join(dist, `${file}.map`);
  const consumer = fs.existsSync(mapFile)
    ? await new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8')))
    : null;
  consumers.set(key, consumer);
  return consumer;
}

// a source file's module: the package (node_modules/@mantine/core → @mantine/core) or the app's path
function moduleOf(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = source.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  return source.replace(/^(\.\.\/)+/, '').replace(/^.*?(apps\/web\/src|packages\/core\/src)/, '$1');
}

interface Where {
  module: string;
  file: string;
  fn: string;
}
async function where(frame: Protocol.Runtime.CallFrame): Promise<Where> {
  if (!frame.url) {
    const native = `(${frame.functionName || 'native'})`;
    return { module: native, file: native, fn: native };
  }
  const consumer = await consumerFor(frame.url);
  if (!consumer) {
    const file = frame.url.replace(/^https?:\/\/[^/]+/, '');
    return { module: file, file, fn: frame.functionName || '(anonymous)' };
  }
  const pos = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  return {
    module: pos.source ? moduleOf(pos.source) : frame.url.replace(/^.*\//, ''),
    file: pos.source
      ? pos.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')
      : frame.url.replace(/^.*\//, ''),
    fn: `${frame.functionName || pos.name || '(anonymous)'} ${pos.source ? `${moduleOf(pos.source)}:${pos.line}` : ''}`,
  };
}

const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
const sorted = (map: Map<string, number>, n = top) =>
  Object.fromEntries(
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => [k, Math.round(v)]),
  );

async function profile(server: { url: string }, signedIn: boolean, pathname: string) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    if (signedIn) {
      const session = await guestWithGame(server.url);
      await page.goto(`${server.url}/health`);
      await page.evaluate(storeSessionScript(session));
    }
    const cdp = await page.createCDPSession();
    if (slowdown !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await page.tracing.start({
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'loading',
      ],
    });
    await cdp.send('Profiler.start');
    const t0 = Date.now();
    await page.goto(`${server.url}${pathname}`, { waitUntil: 'networkidle0', timeout: 120_000 });
    await new Promise((r) => setTimeout(r, 2000));
    const { profile: cpu } = await cdp.send('Profiler.stop');
    const trace = JSON.parse(Buffer.from((await page.tracing.stop())!).toString('utf8')) as {
      traceEvents: TraceEvent[];
    };
    const wallMs = Date.now() - t0;

    // self time per node: samples × interval
    const selfMs = new Map<number, number>();
    const deltas = cpu.timeDeltas ?? [];
    for (let i = 0; i < (cpu.samples ?? []).length; i++)
      add(
        selfMs as unknown as Map<string, number>,
        cpu.samples![i] as unknown as string,
        (deltas[i + 1] ?? 0) / 1000,
      );
    const byModule = new Map<string, number>();
    const byFn = new Map<string, number>();
    const byFile = new Map<string, number>();
    // each node's source position, for the long tasks' own attribution below
    const whereOf = new Map<number, Where>();
    const parentOf = new Map<number, number>();
    for (const node of cpu.nodes) {
      whereOf.set(node.id, await where(node.callFrame));
      for (const child of node.children ?? []) parentOf.set(child, node.id);
    }
    for (const node of cpu.nodes) {
      const ms = selfMs.get(node.id as unknown as number) ?? 0;
      if (!ms) continue;
      const w = whereOf.get(node.id)!;
      if (w.module === '(idle)') continue;
      add(byModule, w.module, ms);
      add(byFn, w.fn, ms);
      add(byFile, w.file, ms);
    }

    // the renderer main thread's top-level tasks, by what they mostly were
    // the page's renderer: the process whose navigation is to the page (headless chromium runs
    // renderers of its own, its new-tab page's, in the same trace)
    const nav = trace.traceEvents.findLast(
      (e) =>
        e.name === 'navigationStart' &&
        (e.args?.data?.documentLoaderURL ?? '') === `${server.url}${pathname}`,
    );
    const main = trace.traceEvents.find(
      (e) =>
        e.name === 'thread_name' &&
        e.pid === nav?.pid &&
        (e.args as { name?: string } | undefined)?.name === 'CrRendererMain',
    );
    const mainKey = main ? `${main.pid}:${main.tid}` : undefined;
    const onMain = trace.traceEvents.filter((e) => `${e.pid}:${e.tid}` === mainKey && e.ph === 'X');
    const kinds = new Map<string, number>();
    for (const e of onMain)
      if (
        [
          'EvaluateScript',
          'v8.compile',
          'FunctionCall',
          'TimerFire',
          'EventDispatch',
          'RunMicrotasks',
          'UpdateLayoutTree',
          'Layout',
          'Paint',
          'ParseHTML',
          'ParseAuthorStyleSheet',
          'MajorGC',
          'MinorGC',
          'FireAnimationFrame',
          'v8.evaluateModule',
          'PrePaint',
          'Layerize',
        ].includes(e.name)
      )
        add(kinds, e.name, (e.tdur ?? e.dur ?? 0) / 1000);
    // a task's length: its thread cpu time, times the slowdown when the profile ran without one
    // (lighthouse's simulation does the same with what it observed: 4x each task)
    const factor = slowdown === 1 ? 4 : 1;
    const lengthMs = (t: TraceEvent) => (factor * (t.tdur ?? t.dur ?? 0)) / 1000;
    const navStart = nav?.ts ?? 0;
    const topLevel = onMain.filter((e) => e.name === 'RunTask' && e.ts >= navStart);
    const tasks = topLevel.filter((t) => lengthMs(t) > 50);
    const longTasks = tasks.map((t) => {
      const inside = onMain.filter((e) => e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0) && e.name !== 'RunTask');
      const what = new Map<string, number>();
      for (const e of inside)
        if (
          [
            'EvaluateScript',
            'v8.evaluateModule',
            'FunctionCall',
            'TimerFire',
            'RunMicrotasks',
            'UpdateLayoutTree',
            'Layout',
            'ParseHTML',
            'ParseAuthorStyleSheet',
            'EventDispatch',
            'FireAnimationFrame',
          ].includes(e.name)
        )
          add(
            what,
            `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.replace(/^.*\//, '')}` : ''}`,
            (factor * (e.tdur ?? e.dur ?? 0)) / 1000,
          );
      // the code that ran in it: the cpu profile's samples inside the task (the profiler and the
      // trace share one clock), self time by function through the source maps
      const code = new Map<string, number>();
      const codeModules = new Map<string, number>();
      const appFrames = new Map<string, number>();
      let at = cpu.startTime;
      for (let i = 0; i < (cpu.samples ?? []).length; i++) {
        at += deltas[i] ?? 0;
        if (at < t.ts || at >= t.ts + (t.dur ?? 0)) continue;
        const id = cpu.samples![i]!;
        const w = whereOf.get(id);
        if (!w || w.module === '(idle)') continue;
        // a sample stands for the time to the next one, at most a few sampling intervals (the
        // last sample before the thread idles would otherwise carry the idle gap)
        const ms = (factor * Math.min(deltas[i + 1] ?? 0, 400)) / 1000;
        add(code, w.fn, ms);
        add(codeModules, w.module, ms);
        // the app's own functions on the stack (components, hooks): inclusive
        const seen = new Set<string>();
        for (let n: number | undefined = id; n !== undefined; n = parentOf.get(n)) {
          const f = whereOf.get(n);
          if (f?.module.startsWith('apps/web/src') && !seen.has(f.fn)) {
            seen.add(f.fn);
            add(appFrames, f.fn, ms);
          }
        }
      }
      return {
        atMs: Math.round((t.ts - navStart) / 1000),
        ms: Math.round(lengthMs(t)),
        what: sorted(what, 5),
        modules: sorted(codeModules, 8),
        code: sorted(code, 12),
        app: sorted(appFrames, 12),
      };
    });
    const blockingMs = Math.round(tasks.reduce((sum, t) => sum + lengthMs(t) - 50, 0));
    const cpuMs = Math.round(topLevel.reduce((sum, t) => sum + lengthMs(t), 0));
    for (const [k, v] of kinds) kinds.set(k, v * factor);
    return {
      wallMs,
      cpuMs,
      blockingMs,
      longTasks,
      kinds: sorted(kinds),
      byModule: sorted(byModule),
      byFile: sorted(byFile),
      byFunction: sorted(byFn),
    };
  } finally {
    await browser.close();
  }
}

const PAGES = { landing: [false, '/'], home: [true, '/'], game: [true, '/game'] } as const;
const results: Record<string, unknown[]> = {};
try {
  for (let r = 0; r < Number(args.runs); r++)
    for (const name of args.pages.split(','))
      for (const [label, buildDist] of builds) {
        const page = PAGES[name as keyof typeof PAGES];
        if (!page) throw new Error(`--pages: one of ${Object.keys(PAGES).join(', ')}`);
        dist = buildDist;
        const load1 = Math.round(os.loadavg()[0]! * 10) / 10;
        const result = { load1, ...(await profile(servers.get(label)!, page[0], page[1])) };
        const key = builds.length > 1 ? `${label}: ${name}` : name;
        results[key] = [...(results[key] ?? []), result];
        console.info(
          key,
          JSON.stringify({ load1, cpuMs: result.cpuMs, blockingMs: result.blockingMs, kinds: result.kinds }),
        );
      }
} finally {
  for (const server of servers.values()) await server.stop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}
console.info(
  'written to',
  writeResult(args.name, { settings: { builds: Object.fromEntries(builds), slowdown }, results }),
);
