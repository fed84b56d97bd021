import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { e2ePort } from '../support/ports.ts';
import { shoot } from '../support/screens.ts';

// a phone on the LAN opens the server by a name other than localhost, over plain http
// (http://192.168.x.y:3000 or a host name): the whole app loads over http and a solo game is
// played. https-only headers (HSTS, upgrade-insecure-requests) once made the browser fetch the
// scripts over https, which the server does not speak: a blank page. the host name resolves to
// 127.0.0.1 by chromium's host-resolver rules, so it is not a secure context (unlike localhost)

const HOST = 'sayspell.test';
const base = `http://${HOST}:${e2ePort()}`;

test.use({
  baseURL: base,
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  },
});

test('a phone on the LAN opens the app by host name over plain http and plays a solo game', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const failed: string[] = [];
  const schemes = new Set<string>();
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.hostname === HOST) schemes.add(url.protocol);
  });

  const first = await page.goto('/');
  // the page is not blank: its scripts loaded
  await expect(page.getByRole('button', { name: 'Play in the browser' })).toBeVisible();
  expect(first?.headers()['strict-transport-security']).toBeUndefined();
  expect(first?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  await shoot(page, 'lan-01-landing');

  await page.getByRole('button', { name: 'Play in the browser' }).click();
  await expect(page.getByRole('form', { name: 'Game setup' })).toBeVisible();
  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(page).toHaveURL(`${base}/game`);

  const input = page.getByLabel('Your spelling');
  for (let i = 0; i < 10; i++) {
    await expect(page.getByText(`Word ${i + 1} of 10`)).toBeVisible();
    await expect(input).toBeEditable();
    if (i === 3) await shoot(page, 'lan-02-mid-game');
    await input.pressSequentially('zzqx');
    await input.press('Enter');
  }
  await expect(page).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel(/Score \d+ percent/)).toBeVisible();
  await shoot(page, 'lan-03-results');

  // everything went over plain http to the host name, and nothing failed
  expect([...schemes]).toEqual(['http:']);
  expect(failed.filter((f) => !f.includes('net::ERR_ABORTED'))).toEqual([]);
});
