import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { passFirstSignIn, registeredAccount, signIn, skipGiftCardPromo } from '../support/accounts.ts';
import { linkIn, nextMail } from '../support/peers.ts';

// account recovery in the browser (issue 15 items 6, 9): a forgotten password by the link in the
// real mail (caught by the launcher's SMTP peer), a change of e-mail confirmed from the new
// address, and the voice settings. screenshots at phone and desktop size for review

const SHOTS = process.env.E2E_SHOTS_DIR ?? path.join(import.meta.dirname, '..', 'screenshots');
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

async function shoot(page: Page, name: string) {
  const original = page.viewportSize();
  for (const [label, size] of Object.entries(SIZES)) {
    await page.setViewportSize(size);
    // from the top: a page scrolled down draws its sticky header mid-way in a full-page shot
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(250);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

test('forgot password: the mailed link sets a new password once and signs the other browser out', async ({
  page,
  browser,
  request,
}) => {
  await skipGiftCardPromo(page);
  await page.setViewportSize(SIZES.desktop);
  const account = await registeredAccount(request, 'forgot');

  // another browser is signed in with the old password
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await skipGiftCardPromo(otherPage);
  await otherPage.goto('/login');
  await signIn(otherPage, account);
  await passFirstSignIn(otherPage);
  await expect(otherPage).toHaveURL(/\/$/);

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail or username', exact: true }).fill(account.email);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password\?email=/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  // the address typed on the sign-in page comes along
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(account.email);
  await shoot(page, '60-forgot-password');

  // a bad address is refused before anything is sent
  await page.getByRole('textbox', { name: 'E-mail' }).fill('not-an-address');
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();

  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const answer = await page.getByRole('status').first().textContent();
  expect(answer).toContain('If an account uses that address');
  await shoot(page, '61-forgot-password-sent');

  // an unknown address reads exactly the same
  await page.getByRole('button', { name: 'Use another address' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`nobody.${Date.now()}@example.org`);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByRole('status').first()).toHaveText(answer ?? '');

  // the real mail's link opens the reset page of this site
  const mail = await nextMail(account.email);
  expect(mail.subject).toBe('Reset your SaySpell password');
  const link = linkIn(mail, '/reset-password/');
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await shoot(page, '62-reset-password');

  const newPassword = 'a brand new secret 7';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('New password again').fill('something else entirely');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await page.getByLabel('New password again').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  // signed in here at once
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Password changed')).toBeVisible();

  // the other browser's session is over: its next page asks it to sign in
  await otherPage.goto('/profile');
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();

  // the link works once
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('already used');
  await shoot(page, '63-reset-link-used');

  // the old password no longer signs in, the new one does
  const fresh = await browser.newContext();
  const freshPage = await fresh.newPage();
  await freshPage.goto('/login');
  await signIn(freshPage, account);
  await expect(freshPage.getByRole('alert')).toHaveText('The e-mail/username or password is not right.');
  await signIn(freshPage, { ...account, password: newPassword });
  await expect(freshPage).toHaveURL(/\/$/);
  await fresh.close();
});

test('change of e-mail on the account page, confirmed from the new inbox; voice settings', async ({
  page,
  request,
}) => {
  await skipGiftCardPromo(page);
  await page.setViewportSize(SIZES.desktop);
  const account = await registeredAccount(request, 'mover');
  await page.goto('/login');
  await signIn(page, account);
  await passFirstSignIn(page);

  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Change e-mail' });
  await expect(form).toBeVisible();
  await form.scrollIntoViewIfNeeded();
  await shoot(page, '64-change-email');
  const moveTo = `moved.${Date.now()}@example.org`;
  await form.getByRole('textbox', { name: 'New e-mail' }).fill(moveTo);
  await form.getByLabel('Your password').fill('not my password');
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByText('Your password is not right, so your e-mail was not changed.')).toBeVisible();
  await form.getByLabel('Your password').fill(account.password);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByText('Check the new inbox')).toBeVisible();
  await shoot(page, '65-change-email-sent');

  await page.goto(linkIn(await nextMail(moveTo), '/email-change/'));
  await expect(page.getByRole('heading', { name: 'Your e-mail is changed' })).toBeVisible();
  await expect(page.getByText(moveTo)).toBeVisible();
  await shoot(page, '66-email-changed');
  const notice = await nextMail(account.email);
  expect(notice.subject).toBe('Your SaySpell e-mail was changed');
  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(page.getByText(moveTo)).toBeVisible();

  // the voice and speed, kept on the account
  await page.goto('/setting');
  await expect(page.getByRole('heading', { name: 'Voice' })).toBeVisible();
  const voice = page.getByRole('combobox', { name: 'Voice' });
  // the voices come with their own answer, after the page's heading: wait for them
  await expect.poll(() => voice.locator('option').count()).toBeGreaterThan(1);
  await voice.selectOption({ index: 1 });
  const chosen = await voice.inputValue();
  await page.getByRole('slider', { name: 'Speed' }).focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText('Slower, ×0.9')).toBeVisible();
  await page.getByRole('switch', { name: 'Mute the voice and buzzer' }).check();
  await shoot(page, '67-voice-settings');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/v1/users/voice') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save voice' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Voice saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Voice' })).toHaveValue(chosen);
  await expect(page.getByText('Slower, ×0.9')).toBeVisible();
  // mute is kept on this device
  await expect(page.getByRole('switch', { name: 'Mute the voice and buzzer' })).toBeChecked();
});

test('the game’s sound button mutes the voice and buzzer on this device', async ({ page }) => {
  await skipGiftCardPromo(page);
  await page.setViewportSize(SIZES.phone);
  await page.goto('/');
  await page.getByRole('button', { name: 'Play in the browser' }).click();
  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(page).toHaveURL(/\/game$/);
  await page.getByRole('button', { name: 'Sound settings' }).click();
  const mute = page.getByRole('switch', { name: 'Mute the voice and buzzer' });
  await expect(mute).toBeVisible();
  await mute.check();
  await expect(page.getByRole('button', { name: 'Sound is muted: sound settings' })).toBeVisible();
  for (const [label, size] of Object.entries(SIZES)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(250);
    await page.screenshot({ path: path.join(SHOTS, `68-game-sound-${label}.png`) });
  }
  // kept for the next page load on this device
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sound is muted: sound settings' })).toBeVisible();
});
