import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { passFirstSignIn, registeredAccount, signIn, skipGiftCardPromo } from '../support/accounts.ts';

// an automated accessibility audit (axe-core) of every page: no serious or critical violation.
// add a route here when you add one

const SIGNED_OUT = ['/', '/login', '/register', '/email-verification', '/adminRemoved', '/no-such-page'];
const SIGNED_IN = [
  '/',
  '/history',
  '/leaderboard',
  '/giftcards',
  '/profile',
  '/myavatar',
  '/setting',
  '/matching',
];

async function audit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // let lazy pages and popups settle
  await page.waitForTimeout(300);
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${path}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

test('pages signed out pass the audit', async ({ page }) => {
  const found: string[] = [];
  for (const path of SIGNED_OUT) found.push(...(await audit(page, path)));
  expect(found).toEqual([]);
});

test('pages signed in pass the audit', async ({ page, request }) => {
  await skipGiftCardPromo(page);
  const account = await registeredAccount(request, 'axe');
  await page.goto('/login');
  await signIn(page, account);
  await passFirstSignIn(page);
  const found: string[] = [];
  for (const path of SIGNED_IN) found.push(...(await audit(page, path)));
  expect(found).toEqual([]);
});
