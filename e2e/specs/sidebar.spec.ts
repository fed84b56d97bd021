import { expect, type Page, test } from '@playwright/test';
import { passFirstSignIn, registeredAccount, signIn, skipGiftCardPromo } from '../support/accounts.ts';
import { shoot } from '../support/screens.ts';

// the sidebar per role (§2): what a guest and a registered player see, Sign-up and Log Out

async function sidebarEntries(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  return (await nav.locator('a, button').allTextContents()).map((t) => t.trim());
}

test('a guest gets Home, Game History, Leaderboard and Sign-up; Sign-up opens /register keeping the games', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Play in the browser' }).click();
  await expect(page.getByRole('form', { name: 'Game setup' })).toBeVisible();

  expect(await sidebarEntries(page)).toEqual(['Home', 'Game History', 'Leaderboard', 'Sign-up']);
  // a guest's name is not a way to /myavatar
  await expect(page.getByRole('link', { name: /change avatar/ })).toHaveCount(0);
  // the privacy-policy link shows only on /
  await expect(page.getByRole('link', { name: 'Privacy policy' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.locator('footer')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy policy' })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.locator('footer')).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign-up' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByText('Your guest games come with you')).toBeVisible();
  // logged out: the guest's tokens are gone
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('auth._token.'))),
  ).toEqual([]);
});

test('a registered player gets the full menu; the badge opens /myavatar; Log Out goes to /login', async ({
  page,
  request,
}) => {
  const account = await registeredAccount(request, 'side');
  await skipGiftCardPromo(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await signIn(page, account);
  await passFirstSignIn(page);

  expect(await sidebarEntries(page)).toEqual([
    'Home',
    'Account Details',
    'Game History',
    'Settings',
    'Leaderboard',
    'Gift Cards',
    'Log Out',
  ]);
  await shoot(page, '30-sidebar-user');

  // on a phone the menu sits behind the toggle
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }),
  ).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/setting$/);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('link', { name: `${account.username}: change avatar` }).click();
  await expect(page).toHaveURL(/\/myavatar$/);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to SaySpell' })).toBeVisible();
  // signed out for real: a protected page sends us back to sign in
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
});
