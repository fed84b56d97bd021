import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { startChild } from './latency/processes.ts';

// network back → game usable again (issue 20), on its own: a real server (child process, PGlite,
// the built web app) and two guests in the system's Chromium playing a partnered game. the
// speller's context goes offline (Chromium's emulation drops the WebSocket at once, as a phone
// switching networks does) for `--break` seconds, then online; timed from setOffline(false) until
// the guess box is writable again (the socket is back and the game resynced), polled every 20 ms.
// after each break the speller spells the word, so every try is on a live turn.
//
//   (cd apps/web && npx vite build --outDir /tmp/web-dist)
//   node --conditions=source --import tsx bench/src/network-back.ts --dist /tmp/web-dist [--tries 20]

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist') },
    tries: { type: 'string', default: '20' },
    break: { type: 'string', default: '3' },
    tag: { type: 'string', default: '' },
  },
});
const TRIES = Number(args.tries);
const BREAK_MS = Number(args.break) * 1000;
// a 90 s game holds ten breaks with their guesses
const PER_GAME = 10;

if (!fs.existsSync(path.join(args.dist, 'index.html'))) {
  throw new Error(`no web build in ${args.dist}: build it first (see the top of this file)`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-network-back-'));
const server = await startChild(
  'apps/server/src/main.ts',
  {
    DATA_DIR: dataDir,
    WEB_DIST: args.dist,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
    GUEST_MAX_PER_IP: '100000',
    REDIS_PREFIX: `bench-network-back-${process.pid}`,
  },
  [],
  180_000,
);

const browser: Browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
  ],
});

interface Side {
  context: BrowserContext;
  page: Page;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function guest(): Promise<Side> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Play in the browser' }).click();
  await page.getByRole('form', { name: 'Game setup' }).waitFor();
  return { context, page };
}

async function lookForPartner(page: Page, role: 'Speaker' | 'Speller') {
  const choice = (group: string, name: string) =>
    page.getByRole('group', { name: group }).getByText(name, { exact: true });
  await choice('Mode', 'Partnered').click();
  await choice('Role', role).click();
  await page.getByRole('button', { name: 'Find a partner' }).click();
}

async function game(): Promise<{ speaker: Side; speller: Side }> {
  const speaker = await guest();
  const speller = await guest();
  await lookForPartner(speaker.page, 'Speaker');
  await lookForPartner(speller.page, 'Speller');
  await speller.page.getByText(/^Word 1 of \d+$/).waitFor({ timeout: 30_000 });
  await until('the guess box', () => speller.page.getByLabel('Your spelling').isEditable());
  return { speaker, speller };
}

async function spellRight(speaker: Page, speller: Page) {
  const said = ((await speaker.getByTestId('word-to-say').textContent()) ?? '').trim();
  const input = speller.getByLabel('Your spelling');
  await input.fill(said);
  await input.press('Enter');
}

const usable: number[] = [];
let ended = 0;
try {
  while (usable.length < TRIES) {
    const { speaker, speller } = await game();
    const input = speller.page.getByLabel('Your spelling');
    for (let i = 0; i < PER_GAME && usable.length < TRIES; i++) {
      await speller.context.setOffline(true);
      await until('the guess box to close', async () => !(await input.isEditable()));
      await speller.page.waitForTimeout(BREAK_MS);
      const back = Date.now();
      await speller.context.setOffline(false);
      const box = await input.elementHandle();
      await speller.page.waitForFunction((el) => !(el as HTMLInputElement).readOnly, box, {
        polling: 20,
        timeout: 20_000,
      });
      usable.push(Date.now() - back);
      if (await speaker.page.getByText('Your partner left the game').count()) ended++;
      await spellRight(speaker.page, speller.page);
      await speller.page.getByText(new RegExp(`^Word ${i + 2} of \\d+$`)).waitFor();
      console.info(`try ${usable.length}: ${usable.at(-1)} ms`);
    }
    await speaker.context.close();
    await speller.context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const sorted = [...usable].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const result = {
  when: new Date().toISOString(),
  source: 'bench/src/network-back.ts',
  breakMs: BREAK_MS,
  tries: usable.length,
  gamesEnded: ended,
  p50Ms: at(0.5),
  p95Ms: at(0.95),
  maxMs: at(1),
  usableMs: usable,
};
const out = path.join(
  import.meta.dirname,
  '..',
  'results',
  `network-back${args.tag ? `-${args.tag}` : ''}.json`,
);
fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.info(JSON.stringify(result));
console.info(`written ${out}`);
