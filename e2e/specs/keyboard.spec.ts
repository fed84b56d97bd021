import { expect, type Page, test } from '@playwright/test';

// a whole solo game with the keyboard alone: Tab to reach, Enter to act, the guess box takes the
// focus by itself (§2: focused 1 s after it becomes active)

/** presses Tab until the focused element is the one named, as a keyboard user would */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
    );
    if (focused.trim() === name) return;
  }
  throw new Error(`could not reach "${name}" with Tab`);
}

test('a guest plays a whole solo game with the keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await tabTo(page, 'Play in the browser');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'Game setup' })).toBeVisible();
  await tabTo(page, 'Start game');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/game$/);

  const input = page.getByLabel('Your spelling');
  for (let i = 0; i < 10; i++) {
    await expect(page.getByText(`Word ${i + 1} of 10`)).toBeVisible({ timeout: 20_000 });
    await expect(input).toBeFocused();
    // between words the box keeps the focus but is read-only until the next word is ready (its
    // voice prepared): on a busy machine that comes after 'Word n' shows, and typing sooner is lost
    await expect(input).toBeEditable({ timeout: 20_000 });
    await page.keyboard.type('keyboard');
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL(/\/results/, { timeout: 30_000 });
  // the result of each word is said in words, not only in colour
  await expect(page.getByText(/\d+ of 10/).first()).toBeVisible();
});
