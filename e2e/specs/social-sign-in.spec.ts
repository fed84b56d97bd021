import { expect, test } from '@playwright/test';
import { setOidc } from '../support/peers.ts';
import { shoot } from '../support/screens.ts';

// Google and Facebook sign-in through a real OpenID Connect provider on 127.0.0.1 (oidc-provider),
// with SOCIAL_LOGIN=true: the whole redirect flow in Chromium, a refused consent and a state mismatch

test.afterEach(async () => {
  await setOidc({ refuseConsent: false });
});

test('the sign-in page offers Google and Facebook, never Apple, on the web', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Facebook' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Apple/ })).toHaveCount(0);
});

test('Google: the provider signs in and the player lands on the page they wanted', async ({ page }) => {
  await setOidc({ account: { sub: 'google-ada', email: 'ada.google@example.org', name: 'Ada Google' } });
  await page.goto('/history');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fhistory$/);

  // the overlay shows while the answer is checked: hold the login call until it has been seen
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/v1/auth/login', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByText('Signing you in with Google…')).toBeVisible();
  await shoot(page, '40-sign-on-overlay', { fullPage: false });
  release();

  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('dialog', { name: 'End-User Licence Agreement' })).toBeVisible();
  const profile = await page.evaluate(async () => {
    const token = localStorage.getItem('auth._token.google');
    const res = await fetch('/v1/users/profile', { headers: { Authorization: `Bearer ${token}` } });
    return res.json();
  });
  expect(profile).toMatchObject({ email: 'ada.google@example.org', provider: 'google', role: 'user' });
  expect(await page.evaluate(() => localStorage.getItem('auth.strategy'))).toBe('google');
});

test('Facebook: the same flow with the facebook strategy', async ({ page }) => {
  await setOidc({
    account: { sub: 'facebook-bob', email: 'bob.facebook@example.org', name: 'Bob Facebook' },
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Facebook' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'End-User Licence Agreement' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth.strategy'))).toBe('facebook');
});

test('a refused consent comes back to /login with a clear message', async ({ page }) => {
  await setOidc({ refuseConsent: true });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('alert')).toContainText('You did not allow SaySpell to use that account');
  // the provider's answer is not left in the address bar
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth.strategy'))).toBeNull();
  await shoot(page, '41-consent-refused');
});

test('a state that is not the one this browser was sent with is refused', async ({ page }) => {
  await setOidc({ account: { sub: 'google-eve', email: 'eve@example.org', name: 'Eve' } });
  // the answer is real but carries a state this browser was not sent with (the provider's redirect
  // itself cannot be rewritten in flight, so the state is changed where the page hands it over)
  await page.route('**/v1/auth/login', (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    return route.continue({ postData: JSON.stringify({ ...body, state: 'forged-state-1234' }) });
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'does not belong to the sign-in started in this browser',
  );
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth.strategy'))).toBeNull();
});

test('an answer arriving in a tab that started no sign-in is refused', async ({ page }) => {
  await page.goto('/login?code=abc&state=def');
  await expect(page.getByRole('alert')).toContainText(
    'does not belong to a sign-in started in this browser tab',
  );
});
