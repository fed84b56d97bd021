import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { keepPeerConnections } from '../support/peer-connections.ts';
import { shoot } from '../support/screens.ts';

// issue 20's leftovers, in the browser: a solo game goes on at the same word after a network
// break, and in a partnered game the call bar tells the one who stayed that the partner is
// reconnecting (instead of 'Call connected') and restarts the call's ICE when they are back

interface Side {
  context: BrowserContext;
  page: Page;
}

async function guest(browser: Browser): Promise<Side> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // keep every peer connection the page makes, to look at it as the browser sees it
  await keepPeerConnections(context);
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Play in the browser' }).click();
  await expect(page.getByRole('form', { name: 'Game setup' })).toBeVisible();
  return { context, page };
}

/** the local ICE ufrag of the page's live connection: it changes with an ICE restart */
const ufrag = (page: Page) =>
  page.evaluate(() => window.__pcs.at(-1)?.localDescription?.sdp.match(/a=ice-ufrag:(\S+)/)?.[1] ?? null);

test('a solo game survives a network break: the same word when the network is back, and play goes on', async ({
  browser,
}) => {
  const { context, page } = await guest(browser);
  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(page).toHaveURL(/\/game$/);
  const input = page.getByLabel('Your spelling');
  await expect(page.getByText('Word 1 of 10')).toBeVisible();
  await expect(input).toBeEditable({ timeout: 20_000 });
  await input.fill('zzqx');
  await input.press('Enter');
  await expect(page.getByText('Word 2 of 10')).toBeVisible();
  await expect(input).toBeEditable();

  // longer than a reload's wait: a solo game has no wait for a network break, it just goes on
  await context.setOffline(true);
  await expect(input).not.toBeEditable();
  await page.waitForTimeout(8000);
  await context.setOffline(false);

  await expect(input).toBeEditable({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/game$/);
  await expect(page.getByText('Word 2 of 10')).toBeVisible();
  await input.fill('zzqy');
  await input.press('Enter');
  await expect(page.getByText('Word 3 of 10')).toBeVisible();
  await expect(page.getByRole('timer').first()).toBeVisible();
  await context.close();
});

async function lookForPartner(page: Page, role: 'Speaker' | 'Speller') {
  const choice = (group: string, name: string) =>
    page.getByRole('group', { name: group }).getByText(name, { exact: true });
  // a difficulty and category of their own: never matched with another spec's players
  await choice('Difficulty', 'Advanced').click();
  await page.getByLabel('Category').selectOption('category_landscapes');
  await choice('Mode', 'Partnered').click();
  await choice('Role', role).click();
  await page.getByRole('button', { name: 'Find a partner' }).click();
}

test('the call bar shows the partner reconnecting while the game waits, and the call restarts when they are back', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const speaker = await guest(browser);
  const speller = await guest(browser);
  await lookForPartner(speaker.page, 'Speaker');
  await lookForPartner(speller.page, 'Speller');
  await expect(speaker.page).toHaveURL(/\/game$/, { timeout: 30_000 });
  await expect(speller.page).toHaveURL(/\/game$/, { timeout: 30_000 });
  await expect(speller.page.getByLabel('Your spelling')).toBeEditable({ timeout: 30_000 });

  const bar = speaker.page.getByLabel('Call with your partner');
  await expect(speaker.page.locator('[data-call-state="connected"]')).toBeVisible({ timeout: 30_000 });
  const before = await ufrag(speaker.page);
  expect(before).not.toBeNull();

  await speller.context.setOffline(true);
  await expect(speaker.page.getByTestId('partner-reconnecting')).toBeVisible({ timeout: 15_000 });
  await expect(bar).toHaveAttribute('data-call-waiting', 'partner');
  await expect(bar.getByRole('status')).toHaveText('Your partner is reconnecting…');
  await shoot(speaker.page, 'call-bar-partner-reconnecting', { fullPage: false });
  // the one offline reads it from their own side
  await expect(speller.page.getByLabel('Call with your partner')).toHaveAttribute(
    'data-call-waiting',
    'offline',
  );
  await shoot(speller.page, 'call-bar-offline', { fullPage: false });

  await speller.context.setOffline(false);
  await expect(speaker.page.getByTestId('partner-reconnecting')).toHaveCount(0, { timeout: 15_000 });
  await expect(bar).not.toHaveAttribute('data-call-waiting', /.+/);
  // the call looked for a new path (an ICE restart) and is up again
  await expect.poll(() => ufrag(speaker.page), { timeout: 30_000 }).not.toBe(before);
  await expect(speaker.page.locator('[data-call-state="connected"]')).toBeVisible({ timeout: 30_000 });
  await expect(speller.page.getByLabel('Your spelling')).toBeEditable();
  await speaker.context.close();
  await speller.context.close();
});
