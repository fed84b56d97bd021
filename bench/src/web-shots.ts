import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { root, startChild } from './latency/processes.ts';
import { guestWithGame, storeSessionScript } from './web/visitors.ts';

// screenshots of / (visitor), the signed-in home and /game, at phone (390x844) and desktop
// (1280x800) size, served by the real server from a built web app: once loaded, and (with the api
// held back `--hold` ms) while the page waits for its data. it also lists what the console and the
// content security policy reported, which Lighthouse's best-practices audit counts
//   node --conditions=source --import tsx bench/src/web-shots.ts --dist <dist> --out <folder> [--hold 3000]

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(root, 'apps', 'web', 'dist') },
    out: { type: 'string', default: path.join(os.tmpdir(), 'sayspell-web-shots') },
    hold: { type: 'string', default: '3000' },
  },
});
const out = path.resolve(args.out);
fs.mkdirSync(out, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-web-shots-'));
const server = await startChild(
  'apps/server/src/main.ts',
  { DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: path.resolve(args.dist), GUEST_MAX_PER_IP: '100000' },
  [],
  180_000,
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const pages = { landing: ['/', false], home: ['/', true], game: ['/game', true] } as const;
const reports: string[] = [];
try {
  for (const [name, [url, signedIn]] of Object.entries(pages)) {
    for (const [size, viewport] of Object.entries(sizes)) {
      for (const hold of [0, Number(args.hold)]) {
        const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
        const page = await context.newPage();
        page.on('console', (m) => {
          if (m.type() === 'error' || m.type() === 'warning')
            reports.push(`${name} ${size}: console ${m.type()}: ${m.text()}`);
        });
        page.on('response', (r) => {
          if (r.status() >= 400) reports.push(`${name} ${size}: ${r.status()} ${new URL(r.url()).pathname}`);
        });
        page.on('pageerror', (e) => reports.push(`${name} ${size}: page error: ${e.message}`));
        await page.addInitScript(() => {
          document.addEventListener('securitypolicyviolation', (e) =>
            console.error(
              `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
            ),
          );
        });
        if (signedIn) {
          const session = await guestWithGame(server.url);
          await page.goto(`${server.url}/health`);
          await page.evaluate(storeSessionScript(session));
        }
        // the data's wait: every api call held back, the page's own files not
        if (hold)
          await page.route(/\/v1\//, async (r) => {
            await new Promise((res) => setTimeout(res, hold));
            await r.continue().catch(() => {});
          });
        await page.goto(`${server.url}${url}`, { waitUntil: hold ? 'commit' : 'networkidle' });
        if (hold) await page.waitForTimeout(Math.min(1500, hold / 2));
        else await page.waitForTimeout(500);
        const file = path.join(out, `${name}-${size}${hold ? '-loading' : ''}.png`);
        await page.screenshot({ path: file });
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.info([...new Set(reports)].join('\n') || 'no console errors or CSP violations');
console.info('screenshots in', out);
