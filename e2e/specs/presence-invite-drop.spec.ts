import { type Browser, expect, type Page, test } from '@playwright/test';
import { shoot } from '../support/screens.ts';

// issue 15 item 3: the sender's network drops for 10 s while its invite is open; the partner
// accepts meanwhile. back online, the sender asks where the invite stands and joins the game
// instead of waiting at '0 s left'

async function guestAtHome(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Play in the browser' }).click();
  await expect(page.getByRole('form', { name: 'Game setup' })).toBeVisible();
  const name = ((await page.getByText(/^Hi, /).textContent()) ?? '').replace(/^Hi, /, '').trim();
  return { page, context, name };
}

const invite = async (from: Page, to: string) => {
  await from.getByRole('button', { name: `Invite ${to}` }).click();
  await expect(from.getByText('Before you chat or invite')).toBeVisible();
  await shoot(from, '61-eula-before-invite', { fullPage: false });
  await from.getByRole('button', { name: 'I Understand' }).click();
  await from.getByRole('button', { name: 'Send invite' }).click();
  await expect(from.getByText(`Awaiting ${to}'s response...`)).toBeVisible();
};

test('a sender offline for 10 s while the invite is accepted joins the game once back', async ({
  browser,
}) => {
  const a = await guestAtHome(browser);
  const b = await guestAtHome(browser);
  await invite(a.page, b.name);
  await expect(b.page.getByText('New invite!')).toBeVisible();

  await a.context.setOffline(true);
  await b.page.getByRole('button', { name: 'Accept' }).click();
  await expect(b.page).toHaveURL(/\/game$/);
  // ten seconds away: longer than the server's ping timeout, so the socket really drops
  await a.page.waitForTimeout(10_000);
  await a.context.setOffline(false);

  await expect(a.page).toHaveURL(/\/game$/, { timeout: 30_000 });
  await expect(a.page.getByText(`Awaiting ${b.name}'s response...`)).toBeHidden();
});
