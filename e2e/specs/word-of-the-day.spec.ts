import { expect, test } from '@playwright/test';
import { shoot } from '../support/screens.ts';

// the word of the day popup on the home page: title, headings, the word from the server, spoken

test('a guest opens the word of the day', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const spoken: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/v1/google/text-to-speech?text=') && r.status() === 200) spoken.push(r.url());
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Play in the browser' }).click();
  await expect(page.getByRole('form', { name: 'Game setup' })).toBeVisible();
  await page.getByRole('button', { name: 'Word of the Day' }).click();
  const dialog = page.getByRole('dialog', { name: 'Word of the Day' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Example Sentence:')).toBeVisible();
  await expect(dialog.getByText('Definition')).toBeVisible();
  await expect(dialog.getByText(/^Syllables: \d+$/)).toBeVisible();
  await expect(dialog.getByTestId('wotd-phonetic')).toHaveText(/^\/.+\/$/);
  await expect.poll(() => spoken.length).toBeGreaterThan(0);
  await shoot(page, 'wotd', { fullPage: false });
});
