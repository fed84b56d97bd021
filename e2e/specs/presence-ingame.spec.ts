import { type Browser, expect, type Page, test } from '@playwright/test';
import { shoot } from '../support/screens.ts';

// issue 15 item 1: a player who enters a game shows as 'In a game' in the others' online list and
// cannot be invited; back home they are idle and can be invited again

async function guestAtHome(browser: Browser): Promise<{ page: Page; name: string }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Play in the browser' }).click();
  await expect(page.getByRole('form', { name: 'Game setup' })).toBeVisible();
  const name = ((await page.getByText(/^Hi, /).textContent()) ?? '').replace(/^Hi, /, '').trim();
  return { page, name };
}

const row = (page: Page, username: string) =>
  page.locator(`[data-testid="online-user"][data-username="${username}"]`);

test('a player in a game shows as in a game and cannot be invited', async ({ browser }) => {
  const a = await guestAtHome(browser);
  const b = await guestAtHome(browser);
  await expect(row(b.page, a.name)).toContainText('Idle');
  await expect(b.page.getByRole('button', { name: `Invite ${a.name}` })).toBeEnabled();

  await a.page.getByRole('button', { name: 'Start game' }).click();
  await expect(a.page).toHaveURL(/\/game$/);
  await expect(row(b.page, a.name)).toContainText('In a game');
  await expect(b.page.getByRole('button', { name: `Invite ${a.name}` })).toBeDisabled();

  // back home: the leave button asks first while the game runs
  await a.page.getByRole('button', { name: 'Leave game' }).click();
  await expect(a.page.getByText('Leave this game?')).toBeVisible();
  await shoot(a.page, '60-leave-confirm', { fullPage: false });
  await a.page.getByRole('dialog').getByRole('button', { name: 'Leave game' }).click();
  await expect(a.page).not.toHaveURL(/\/game$/);
  await expect(row(b.page, a.name)).toContainText('Idle');
  await expect(b.page.getByRole('button', { name: `Invite ${a.name}` })).toBeEnabled();
});
