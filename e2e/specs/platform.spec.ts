import { expect, test } from '@playwright/test';
import { shoot } from '../support/screens.ts';

// the app-update prompt on a simulated phone (the server's Android version is 8, iOS 7, this app
// is 7), and the offline notice that clears by itself when the network is back

test('the Android app offers its update; the iOS app, already the newest, does not', async ({ page }) => {
  await page.goto('/?platform=android');
  await expect(
    page.getByText(
      'A new Android update is available. Please update your app to get the latest features and fixes.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Update Now' })).toHaveAttribute('href', /play\.google\.com/);
  await shoot(page, '60-update-prompt', { fullPage: false });

  const ios = await page.context().browser()?.newPage();
  if (!ios) throw new Error('no browser');
  await ios.goto('/?platform=ios');
  await expect(ios.getByText(/mobile-app only|Play in the browser/).first()).toBeVisible();
  await expect(ios.getByText('Update Now')).toHaveCount(0);
  await ios.close();
});

test('the offline notice appears while offline and clears when the network returns', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByText('Network Unavailable!')).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByText('Network Unavailable!')).toBeVisible();
  await expect(
    page.getByText("It looks like you're offline. Please check your internet connection and try again."),
  ).toBeVisible();
  await shoot(page, '61-offline', { fullPage: false });
  await context.setOffline(false);
  await expect(page.getByText('Network Unavailable!')).toHaveCount(0);
});

test('the service worker at /sw.js keeps the app shell: a reload offline still opens the app', async ({
  page,
  context,
  request,
}) => {
  const sw = await request.get('/sw.js');
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toMatch(/application\/manifest\+json/);
  expect(await manifest.json()).toMatchObject({ name: 'SaySpell', display: 'standalone' });

  await page.goto('/');
  // installed and controlling the page
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
    .toMatch(/\/sw\.js$/);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: /mobile-app only/ })).toBeVisible();
  await expect(page.getByText('Network Unavailable!')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Network Unavailable!')).toHaveCount(0);
});

test('the web never loads the ad plugin nor asks an ad network', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  await page.goto('/');
  await page.getByRole('button', { name: 'Play in the browser' }).click();
  await expect(page.getByRole('form', { name: 'Game setup' })).toBeVisible();
  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(page).toHaveURL(/\/game$/);
  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(asked.filter((u) => /admob|googlesyndication|doubleclick|googleads/i.test(u))).toEqual([]);
  // nor the part of the app that talks to the ad plugin
  expect(asked.filter((u) => /\/assets\/ads-[\w-]+\.js$/.test(u))).toEqual([]);
});
