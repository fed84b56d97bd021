import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { root, startChild } from './latency/processes.ts';
import { median, writeResult } from './measure.ts';
import { buildsToMeasure } from './web/builds.ts';
import { guestWithGame, storeSessionScript } from './web/visitors.ts';

// Lighthouse (the npm package, its default mobile preset: a mid-range phone's screen and cpu, slow
// 4G simulated) on / for a first-time visitor and on the signed-in home with a game set up, served
// by the real server from a built web app (`--dist`, default apps/web/dist). the browser is the
// system Chromium, launched by chrome-launcher (never a downloaded one); each run is a fresh browser
// with an empty profile. the signed-in run stores a guest's tokens in the page first (on /health,
// a json answer, so nothing of the app is in the cache; a missing robots.txt would have been the
// app itself) and keeps them (disableStorageReset).
// `--runs` runs per page; the run with the median performance score is kept, its scores and Core
// Web Vitals written to bench/results/{--name}.json. pages: / (visitor), / signed in (home) and
// /game signed in (the solo game set up: its countdown). `--compare before=/dist/a,after=/dist/b`
// measures several builds side by side: one server each, runs alternating between them page by
// page (so the machine's load falls on both alike); the load average is recorded with each run
//   npm run lighthouse -w @sayspell/bench -- [--runs 3] [--dist /path/to/dist] [--name lighthouse]
//   npm run lighthouse -w @sayspell/bench -- --compare before=/tmp/a,after=/tmp/b --name lighthouse-x

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    dist: { type: 'string', default: path.join(root, 'apps', 'web', 'dist') },
    compare: { type: 'string' },
    pages: { type: 'string', default: 'landing,home,game' },
    name: { type: 'string', default: 'lighthouse' },
    // a folder for each run's whole lighthouse report (json), to read its diagnostics by hand
    'lhr-dir': { type: 'string' },
  },
});
const builds = buildsToMeasure(args.compare, args.dist);
for (const [, dist] of builds)
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error(`no built web app in ${dist}: npm run build -w @sayspell/web`);

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
  ttiMs: 'interactive',
} as const;

interface Run {
  /** the machine's 1-minute load average when the run started (2 cores: above 2 is queueing) */
  load1: number;
  /** script bytes as transferred (the server's brotli twins) and their count */
  scriptTransferKb: number;
  scripts: number;
  /** the largest contentful paint's element and its phases (ttfb, load delay, load time, render delay) */
  lcp: { element: string; phases: Record<string, number> };
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<keyof typeof METRICS, number>;
  /** what lighthouse found wrong outside performance (score below 1), by category */
  findings: Record<string, string[]>;
  /** the performance opportunities it estimated, in ms or bytes saved */
  opportunities: string[];
  /** lighthouse's measure of this machine's cpu (a mid-range phone's figure is what its 4x slowdown assumes of a desktop: ~1,000+) */
  benchmarkIndex: number;
  /** main-thread time by kind (script evaluation, style & layout, …), ms as observed before the 4x slowdown */
  mainThread: Record<string, number>;
  /** the scripts with the most main-thread time: url's file name → total ms (script evaluation + parse) */
  bootup: Record<string, number>;
  finalUrl: string;
}

const dataDirs: string[] = [];
const servers = new Map<string, Awaited<ReturnType<typeof startChild>>>();
for (const [label, dist] of builds) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-lighthouse-'));
  dataDirs.push(dataDir);
  const server = await startChild(
    'apps/server/src/main.ts',
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: dist,
      REDIS_PREFIX: `bench-lighthouse-${process.pid}-${label}`,
      // the bench's guests from one address are not what the rate limits are about
      GUEST_MAX_PER_IP: '100000',
    },
    [],
    // a busy machine (other work beside the bench) starts the server slowly
    180_000,
  );
  servers.set(label, server);
}

async function audit(
  server: { url: string },
  signedIn: boolean,
  pathname: string,
  saveAs?: string,
): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    if (signedIn) {
      const session = await guestWithGame(server.url);
      await page.goto(`${server.url}/health`);
      await page.evaluate(storeSessionScript(session));
    }
    const load1 = Math.round(os.loadavg()[0]! * 10) / 10;
    const result = await lighthouse(
      `${server.url}${pathname}`,
      { output: 'json', logLevel: 'error', disableStorageReset: signedIn, onlyCategories: [...CATEGORIES] },
      undefined,
      page,
    );
    if (!result) throw new Error('lighthouse gave no result');
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Run['scores'];
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([k, id]) => {
        const v = lhr.audits[id]?.numericValue ?? Number.NaN;
        return [k, k === 'cls' ? Math.round(v * 1000) / 1000 : Math.round(v)];
      }),
    ) as Run['metrics'];
    const findings: Record<string, string[]> = {};
    for (const c of CATEGORIES) {
      if (c === 'performance') continue;
      findings[c] = (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title}`);
    }
    const opportunities = Object.values(lhr.audits)
      .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 0.9)
      .map((a) => `${a.id}: ${a.displayValue ?? ''}`.trim());
    const requests =
      (
        lhr.audits['network-requests']?.details as {
          items?: { resourceType?: string; transferSize?: number }[];
        }
      )?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    const scriptTransferKb =
      Math.round(scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 100) / 10;
    const tableItems = (id: string) =>
      (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
    const mainThread = Object.fromEntries(
      tableItems('mainthread-work-breakdown').map((i) => [
        String(i.groupLabel),
        Math.round(Number(i.duration)),
      ]),
    );
    const bootup = Object.fromEntries(
      tableItems('bootup-time')
        .slice(0, 8)
        .map((i) => [String(i.url).replace(/^.*\//, ''), Math.round(Number(i.total))]),
    );
    if (saveAs && args['lhr-dir']) {
      fs.mkdirSync(args['lhr-dir'], { recursive: true });
      fs.writeFileSync(path.join(args['lhr-dir'], `${saveAs}.json`), JSON.stringify(lhr));
      // the page's trace as lighthouse recorded it (chromium's devtools can open it)
      fs.writeFileSync(
        path.join(args['lhr-dir'], `${saveAs}.trace.json`),
        JSON.stringify((result.artifacts as { Trace?: unknown }).Trace ?? null),
      );
    }
    const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
      | { items?: { items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[] }
      | undefined;
    const lcp = {
      element: lcpDetails?.items?.[0]?.items?.[0]?.node?.snippet?.slice(0, 120) ?? '',
      phases: Object.fromEntries(
        (lcpDetails?.items?.[1]?.items ?? []).map((p) => [p.phase ?? '?', Math.round(p.timing ?? 0)]),
      ),
    };
    return {
      load1,
      lcp,
      scriptTransferKb,
      scripts: scripts.length,
      scores,
      metrics,
      findings,
      opportunities,
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      mainThread,
      bootup,
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

const ALL_PAGES = {
  landing: ['/', false, '/'],
  home: ['/ signed in (home, game setup)', true, '/'],
  game: ['/game signed in (a solo game set up)', true, '/game'],
} as const;
const pages = args.pages.split(',').map((p) => {
  const page = ALL_PAGES[p as keyof typeof ALL_PAGES];
  if (!page) throw new Error(`--pages: one of ${Object.keys(ALL_PAGES).join(', ')}`);
  return page;
});
const runs: Record<string, Run[]> = {};
try {
  for (let r = 0; r < Number(args.runs); r++) {
    for (const [name, signedIn, pathname] of pages) {
      for (const [label] of builds) {
        const key = builds.length > 1 ? `${label}: ${name}` : name;
        runs[key] ??= [];
        // a run lighthouse could not finish (a busy machine: a timeout) is told and run again, twice at most
        for (let failed = 0; ; ) {
          try {
            const slug = `${label}-${name.split(' ')[0]!.replace(/\W/g, '') || 'root'}${signedIn ? '-signed-in' : ''}-${r + 1}`;
            const run = await audit(servers.get(label)!, signedIn, pathname, slug);
            runs[key]!.push(run);
            console.info(
              `${key} run ${r + 1}:`,
              JSON.stringify({
                load1: run.load1,
                ...run.scores,
                ...run.metrics,
                js: run.scriptTransferKb,
                lcp: run.lcp,
                benchmarkIndex: run.benchmarkIndex,
                mainThread: run.mainThread,
              }),
            );
            break;
          } catch (err) {
            console.warn(`${key}: a run failed (${(err as Error).message})`);
            if (++failed > 2) throw err;
          }
        }
      }
    }
  }
} finally {
  for (const server of servers.values()) await server.stop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}

const summary = Object.fromEntries(
  Object.entries(runs).map(([name, list]) => {
    // the run with the median performance score stands for the page
    const mid = median(list.map((r) => r.scores.performance));
    const kept = list.find((r) => r.scores.performance === mid) ?? list[0]!;
    return [
      name,
      {
        ...kept,
        performanceScores: list.map((r) => r.scores.performance),
        // each metric's own median over the runs (the kept run's figures are one run's)
        medians: Object.fromEntries(
          Object.keys(METRICS).map((k) => [k, median(list.map((r) => r.metrics[k as keyof typeof METRICS]))]),
        ),
        load1: list.map((r) => r.load1),
      },
    ];
  }),
);
console.info(JSON.stringify(summary, null, 2));
console.info(
  'written to',
  writeResult(args.name, {
    settings: {
      runs: Number(args.runs),
      preset: 'mobile (lighthouse default)',
      builds: Object.fromEntries(builds),
    },
    summary,
    runs,
  }),
);
