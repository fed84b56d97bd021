import { expect, test } from '@playwright/test';
import { newAccount, passFirstSignIn, signIn, skipGiftCardPromo } from '../support/accounts.ts';
import { linkIn, nextMail } from '../support/peers.ts';

// a guest who plays, then signs up from the sidebar, finds the game in the new account's history

test('a guest who registers from the sidebar keeps their game history', async ({ page }) => {
  await skipGiftCardPromo(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Play in the browser' }).click();
  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(page).toHaveURL(/\/game$/);
  const input = page.getByLabel('Your spelling');
  for (let i = 0; i < 10; i++) {
    await expect(page.getByText(`Word ${i + 1} of 10`)).toBeVisible();
    await expect(input).toBeEditable();
    await input.pressSequentially('zzqx');
    await input.press('Enter');
  }
  await expect(page).toHaveURL(/\/results\/[0-9a-f-]{36}$/);

  await page.goto('/history');
  await expect(page.getByText('1 game', { exact: true })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign-up' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByText('Your guest games come with you')).toBeVisible();
  const account = newAccount('kept');
  const form = page.getByRole('form', { name: 'Create your account' });
  await form.getByRole('textbox', { name: 'Username', exact: true }).fill(account.username);
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(account.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  await page.goto(linkIn(await nextMail(account.email), '/email-verification/'));
  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, account);
  await passFirstSignIn(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByText('1 game', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(account.username);
});
