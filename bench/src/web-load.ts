import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { root, startChild } from './latency/processes.ts';
import { median, writeResult } from './measure.ts';
import { guestWithGame, storeSessionScript } from './web/visitors.ts';

// Web: what a page costs to open, in the system Chromium (never a downloaded browser), served by the
// real server from a built web app (`--dist`, default apps/web/dist: run `npm run build -w
// @sayspell/web` first). four loads: / and /game for a first-time visitor (/game shows the sign-in
// page), and / (home, the game setup) and /game (a solo game set up) for a signed-in guest.
//   initial JavaScript and CSS: the scripts and style sheets that had arrived when the page first
//   showed a button, gzipped here at level 9 (what a gzip-serving server sends; the build also
//   has brotli twins, smaller still); and (jsGzipKb, cssGzipKb) all of them until the page was
//   quiet, which adds what the app loads once idle (the notifications, the offline notice, the
//   service worker's registration, a signed-in player's social popups).
//   bytes on the wire: the encoded bodies and headers of the answers, as the server actually sent
//   them (compressed only if the server compresses), at the first button and until quiet.
//   time to interactive: from navigation start until a button is visible and no long task (> 50 ms)
//   has run for 500 ms after it. `--runs` cold loads per page (fresh context, no cache); medians.
//   npm run web -w @sayspell/bench -- [--runs 5] [--dist /path/to/dist] [--name web-load-after]

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    dist: { type: 'string', default: path.join(root, 'apps', 'web', 'dist') },
    name: { type: 'string', default: 'web-load' },
  },
});
const dist = path.resolve(args.dist);
if (!fs.existsSync(path.join(dist, 'index.html')))
  throw new Error(`no built web app in ${dist}: npm run build -w @sayspell/web`);
const onPostgres = !!process.env.DATABASE_URL;
const backend = onPostgres ? `postgres${process.env.REDIS_URL ? '+redis' : ''}` : 'pglite';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-web-'));
const server = await startChild(
  'apps/server/src/main.ts',
  {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: dist,
    REDIS_PREFIX: `bench-web-${process.pid}`,
    // the bench's own loads and guests from one address are not what the rate limits are about
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
    GUEST_MAX_PER_IP: '100000',
  },
  [],
  // a busy machine (other work beside the bench) starts the server slowly
  180_000,
);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });

interface Load {
  finalPath: string;
  requests: number;
  scripts: number;
  jsBytes: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
  wireBytes: number;
  /** the same three for what had arrived when the page first showed a button (before idle loads) */
  initialJsGzipBytes: number;
  initialCssGzipBytes: number;
  initialWireBytes: number;
  /** how the entry script came: its content-encoding, or 'identity' */
  entryEncoding: string;
  ttiMs: number;
  fcpMs: number;
}

interface Target {
  name: string;
  path: string;
  signedIn: boolean;
}

const targets: Target[] = [
  { name: '/', path: '/', signedIn: false },
  { name: '/game', path: '/game', signedIn: false },
  { name: '/ signed in', path: '/', signedIn: true },
  { name: '/game signed in', path: '/game', signedIn: true },
];

async function load(target: Target): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  if (target.signedIn) await page.addInitScript(storeSessionScript(await guestWithGame(server.url)));
  await page.addInitScript(() => {
    const w = window as unknown as { __lastLongTaskEnd: number };
    w.__lastLongTaskEnd = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__lastLongTaskEnd = Math.max(w.__lastLongTaskEnd, e.startTime + e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const scripts = new Map<string, Buffer>();
  const styles = new Map<string, Buffer>();
  // when each answer arrived (this process's clock), to tell the first view's files from later ones
  const arrived = new Map<string, number>();
  const wire: { at: number; bytes: number }[] = [];
  const pending: Promise<void>[] = [];
  let wireBytes = 0;
  let requests = 0;
  let entryEncoding = 'identity';
  let measuring = true;
  page.on('response', (res) => {
    if (!measuring) return;
    requests += 1;
    const at = Date.now();
    arrived.set(res.url(), at);
    const type = res.request().resourceType();
    pending.push(
      (async () => {
        try {
          const sizes = await res.request().sizes();
          wireBytes += sizes.responseBodySize + sizes.responseHeadersSize;
          wire.push({ at, bytes: sizes.responseBodySize + sizes.responseHeadersSize });
          if (type === 'script') {
            scripts.set(res.url(), await res.body());
            if (/\/assets\/index-[^/]+\.js$/.test(res.url()))
              entryEncoding = (await res.allHeaders())['content-encoding'] ?? 'identity';
          }
          if (type === 'stylesheet') styles.set(res.url(), await res.body());
        } catch {}
      })(),
    );
  });
  await page.goto(`${server.url}${target.path}`, { waitUntil: 'commit' });
  await page.locator('button:visible').first().waitFor({ timeout: 30_000 });
  const shownAt = Date.now();
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
  measuring = false;
  await Promise.all(pending);
  const { last, fcp } = await page.evaluate(() => ({
    last: (window as unknown as { __lastLongTaskEnd: number }).__lastLongTaskEnd,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
  }));
  const gz = (bodies: Iterable<Buffer>) =>
    [...bodies].reduce((a, b) => a + zlib.gzipSync(b, { level: 9 }).length, 0);
  const initial = (files: Map<string, Buffer>) =>
    [...files].filter(([url]) => (arrived.get(url) ?? Infinity) <= shownAt).map(([, body]) => body);
  const result = {
    finalPath: new URL(page.url()).pathname,
    requests,
    scripts: scripts.size,
    jsBytes: [...scripts.values()].reduce((a, b) => a + b.length, 0),
    jsGzipBytes: gz(scripts.values()),
    cssGzipBytes: gz(styles.values()),
    wireBytes,
    initialJsGzipBytes: gz(initial(scripts)),
    initialCssGzipBytes: gz(initial(styles)),
    initialWireBytes: wire.filter((w) => w.at <= shownAt).reduce((a, w) => a + w.bytes, 0),
    entryEncoding,
    ttiMs: Math.round(Math.max(buttonAt, last)),
    fcpMs: Math.round(fcp),
  };
  await context.close();
  return result;
}

const loads: Record<string, Load[]> = Object.fromEntries(targets.map((t) => [t.name, []]));
try {
  await load(targets[0]!); // warm-up: the server's first answers
  for (let r = 0; r < Number(args.runs); r++)
    for (const t of r % 2 ? [...targets].reverse() : targets) {
      const l = await load(t);
      loads[t.name]!.push(l);
      console.info(`run ${r + 1} ${t.name}:`, JSON.stringify(l));
    }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const summary = Object.fromEntries(
  targets.map(({ name }) => {
    const l = loads[name]!;
    return [
      name,
      {
        shows: l[0]?.finalPath,
        requests: median(l.map((x) => x.requests)),
        initialJsGzipKb: kb(median(l.map((x) => x.initialJsGzipBytes))),
        initialCssGzipKb: kb(median(l.map((x) => x.initialCssGzipBytes))),
        initialWireKb: kb(median(l.map((x) => x.initialWireBytes))),
        jsGzipKb: kb(median(l.map((x) => x.jsGzipBytes))),
        cssGzipKb: kb(median(l.map((x) => x.cssGzipBytes))),
        jsKb: kb(median(l.map((x) => x.jsBytes))),
        wireKb: kb(median(l.map((x) => x.wireBytes))),
        entryEncoding: l[0]?.entryEncoding,
        fcpMs: median(l.map((x) => x.fcpMs)),
        ttiMs: median(l.map((x) => x.ttiMs)),
      },
    ];
  }),
);
console.info(JSON.stringify(summary, null, 2));
console.info(
  'written to',
  writeResult(`${args.name}${onPostgres ? '-postgres' : ''}`, {
    settings: { backend, runs: Number(args.runs), dist: path.relative(root, dist) || dist },
    summary,
    loads,
  }),
);
