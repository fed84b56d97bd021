import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { root, startChild } from './latency/processes.ts';
import { median, writeResult } from './measure.ts';

// Web: initial JavaScript (gzip) and time to interactive of / and /game for a fresh visitor, in
// the system Chromium (never a downloaded browser), served by the real server from apps/web/dist
// (run `npm run build -w @sayspell/web` first). initial JavaScript: every script the page loaded
// until it was interactive, gzipped here at level 9 (what a gzip-serving proxy would send).
// time to interactive: from navigation start until a button is visible and no long task (> 50 ms)
// has run for 500 ms after it. `--runs` cold loads per page (fresh context, no cache), the pages
// alternating; medians.
//   npm run web -w @sayspell/bench -- [--runs 5]

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const dist = path.join(root, 'apps', 'web', 'dist');
if (!fs.existsSync(path.join(dist, 'index.html')))
  throw new Error('build the web app first: npm run build -w @sayspell/web');
const onPostgres = !!process.env.DATABASE_URL;
const backend = onPostgres ? `postgres${process.env.REDIS_URL ? '+redis' : ''}` : 'pglite';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-web-'));
const server = await startChild('apps/server/src/main.ts', {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  WEB_DIST: dist,
  REDIS_PREFIX: `bench-web-${process.pid}`,
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });

interface Load {
  finalPath: string;
  scripts: number;
  jsBytes: number;
  jsGzipBytes: number;
  ttiMs: number;
  fcpMs: number;
}

async function load(pathname: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __lastLongTaskEnd: number };
    w.__lastLongTaskEnd = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__lastLongTaskEnd = Math.max(w.__lastLongTaskEnd, e.startTime + e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const scripts = new Map<string, Buffer>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      scripts.set(res.url(), await res.body());
    } catch {}
  });
  await page.goto(`${server.url}${pathname}`, { waitUntil: 'commit' });
  await page.locator('button:visible').first().waitFor({ timeout: 30_000 });
  const buttonAt = await page.evaluate(() => performance.now());
  // quiet: no long task for 500 ms
  for (;;) {
    const { now, last } = await page.evaluate(() => ({
      now: performance.now(),
      last: (window as unknown as { __lastLongTaskEnd: number }).__lastLongTaskEnd,
    }));
    if (now - Math.max(last, buttonAt) >= 500) break;
    await page.waitForTimeout(100);
  }
  const { last, fcp } = await page.evaluate(() => ({
    last: (window as unknown as { __lastLongTaskEnd: number }).__lastLongTaskEnd,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
  }));
  const bodies = [...scripts.values()];
  const result = {
    finalPath: new URL(page.url()).pathname,
    scripts: bodies.length,
    jsBytes: bodies.reduce((a, b) => a + b.length, 0),
    jsGzipBytes: bodies.reduce((a, b) => a + zlib.gzipSync(b, { level: 9 }).length, 0),
    ttiMs: Math.round(Math.max(buttonAt, last)),
    fcpMs: Math.round(fcp),
  };
  await context.close();
  return result;
}

const pages = ['/', '/game'];
const loads: Record<string, Load[]> = { '/': [], '/game': [] };
try {
  await load('/'); // warm-up: the server's first answers
  for (let r = 0; r < Number(args.runs); r++)
    for (const p of r % 2 ? [...pages].reverse() : pages) {
      const l = await load(p);
      loads[p]!.push(l);
      console.info(`run ${r + 1} ${p}:`, JSON.stringify(l));
    }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const summary = Object.fromEntries(
  pages.map((p) => [
    p,
    {
      shows: loads[p]![0]?.finalPath,
      jsGzipKb: Math.round(median(loads[p]!.map((l) => l.jsGzipBytes)) / 102.4) / 10,
      jsKb: Math.round(median(loads[p]!.map((l) => l.jsBytes)) / 102.4) / 10,
      fcpMs: median(loads[p]!.map((l) => l.fcpMs)),
      ttiMs: median(loads[p]!.map((l) => l.ttiMs)),
    },
  ]),
);
console.info(JSON.stringify(summary, null, 2));
console.info(
  'written to',
  writeResult(`web-load${onPostgres ? '-postgres' : ''}`, {
    settings: { backend, runs: Number(args.runs) },
    summary,
    loads,
  }),
);
