import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  adminAccount,
  passFirstSignIn,
  registeredAccount,
  signIn,
  skipGiftCardPromo,
} from '../support/accounts.ts';
import { expectNothingCutOff, expectWholeOnNarrowPhone } from '../support/narrow-screen.ts';
import { linkIn, nextMail } from '../support/peers.ts';
import { AUDIT_ADMIN_EMAIL } from '../support/ports.ts';

// an automated accessibility audit (axe-core) of every page: no serious or critical violation.
// each page is also looked at at its own size and as a 360 px phone shows it (nothing cut off), a
// link inside a sentence must be in the sentence's type, and a badge's label readable on the badge.
// add a route here when you add one

const SIGNED_OUT = [
  '/',
  '/login',
  '/register',
  '/email-verification',
  '/adminRemoved',
  '/no-such-page',
  '/forgot-password',
  `/reset-password/${'x'.repeat(43)}`,
  // a link that does not work: "This link did not work"
  `/email-change/${'x'.repeat(43)}`,
];
const SIGNED_IN = [
  '/',
  '/history',
  '/progress',
  '/leaderboard',
  '/giftcards',
  '/profile',
  '/myavatar',
  '/setting',
  // /results without an id and without a game played: "No results yet"
  '/results',
];
// waiting for a partner with settings no other spec's players ask for: an advanced speller finds
// no other speller, and no one else plays anatomy
const MATCHING = '/matching?language=English&difficulty=advanced&category=category_anatomy&role=speller';

/** the serious and critical violations on the page as it is now */
async function axeFindings(page: Page, label: string) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/** links set in a sentence in another size than the sentence's (the login page's "Create an account" was) */
async function linksOutOfTheirSentence(page: Page, label: string) {
  const odd = await page.locator('p a, p button').evaluateAll((links) =>
    links
      .filter((a) => (a as HTMLElement).offsetParent !== null && a.parentElement)
      .filter((a) => getComputedStyle(a).fontSize !== getComputedStyle(a.parentElement as Element).fontSize)
      .map((a) => a.textContent?.trim() ?? ''),
  );
  return odd.map((text) => `${label}: the link "${text}" is not in its sentence's type size`);
}

/**
 * badges whose label is hard to read on the badge's own colour (axe leaves them out: a report's
 * status once showed as an orange pill with its orange label on it). a see-through badge is read
 * against white, the cards' colour
 */
async function unreadableBadges(page: Page, label: string) {
  const odd = await page.locator('.mantine-Badge-root').evaluateAll((badges) => {
    // rgb(…) and rgba(…) in 0–255; a colour-mix comes back as color(srgb …) in 0–1
    const rgba = (css: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      const scale = css.startsWith('color(srgb') ? 255 : 1;
      return [r * scale, g * scale, b * scale, a];
    };
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    return badges
      .filter((b) => (b as HTMLElement).offsetParent !== null && b.textContent?.trim())
      .flatMap((b) => {
        const [r = 0, g = 0, bl = 0, a = 1] = rgba(getComputedStyle(b).backgroundColor);
        // the badge's colour laid over white
        const back = [r, g, bl].map((c) => c * a + 255 * (1 - a));
        const text = rgba(getComputedStyle(b.querySelector('.mantine-Badge-label') ?? b).color);
        const [hi, lo] = [luminance(back), luminance(text)].sort((x, y) => y - x) as [number, number];
        const ratio = (hi + 0.05) / (lo + 0.05);
        return ratio < 4.5 ? [`${b.textContent?.trim()} (${ratio.toFixed(1)}:1)`] : [];
      });
  });
  return odd.map((badge) => `${label}: the badge "${badge}" is hard to read`);
}

/** what is wrong with the page as it is now: axe's findings, then the type of links and badges */
async function auditHere(page: Page, label: string) {
  return [
    ...(await axeFindings(page, label)),
    ...(await linksOutOfTheirSentence(page, label)),
    ...(await unreadableBadges(page, label)),
  ];
}

async function audit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // let lazy pages and popups settle
  await page.waitForTimeout(300);
  const found = await auditHere(page, path);
  await expect(async () => expectNothingCutOff(page)).toPass({ timeout: 5_000 });
  await expectWholeOnNarrowPhone(page);
  return found;
}

test('pages signed out pass the audit', async ({ page, request }) => {
  // ten pages, each audited at two widths: over a minute beside another spec on a busy machine
  test.setTimeout(240_000);
  const found: string[] = [];
  for (const path of SIGNED_OUT) found.push(...(await audit(page, path)));

  // the link from the verification mail, followed once (verified), then again (spent)
  const email = `axe.verify.${Date.now().toString(36)}@example.org`;
  const username = `axev${Date.now().toString(36)}`.slice(0, 20);
  const registered = await request.post('/v1/auth/register', {
    data: { username, email, password: 'correct horse 42' },
  });
  expect(registered.status()).toBe(201);
  const link = new URL(linkIn(await nextMail(email), '/email-verification/')).pathname;
  found.push(...(await audit(page, link)));
  await expect(page.getByRole('heading', { name: 'Your e-mail is verified' })).toBeVisible();
  found.push(...(await audit(page, link)));
  await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
  expect(found).toEqual([]);
});

test('pages signed in pass the audit', async ({ page, request }) => {
  // nine pages, each loaded and audited: 1.7-2.1 min beside another spec on a busy CI machine
  test.setTimeout(240_000);
  await skipGiftCardPromo(page);
  const account = await registeredAccount(request, 'axe');
  await page.goto('/login');
  await signIn(page, account);
  await passFirstSignIn(page);
  const found: string[] = [];
  for (const path of SIGNED_IN) found.push(...(await audit(page, path)));

  // waiting for a partner, with the chosen settings shown; then out of the queue again
  found.push(...(await audit(page, MATCHING)));
  await expect(page.getByRole('heading', { name: 'Finding you a partner…' })).toBeVisible();
  await expect(page.getByText('Anatomy', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(found).toEqual([]);
});

test('a solo game passes the audit: the countdown, the game, the results', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Play in the browser' }).click();
  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(page).toHaveURL(/\/game$/);
  const found: string[] = [];

  await expect(page.getByText('Get ready')).toBeVisible();
  found.push(...(await auditHere(page, '/game (countdown)')));

  const input = page.getByLabel('Your spelling');
  await expect(page.getByText('Word 1 of 10')).toBeVisible({ timeout: 20_000 });
  await expect(input).toBeEditable();
  found.push(...(await auditHere(page, '/game (playing)')));

  // the game ends sooner when every word is played
  for (let i = 1; i <= 10; i++) {
    await expect(page.getByText(`Word ${i} of 10`)).toBeVisible();
    await expect(input).toBeEditable();
    // after a guess, the word before is shown with its result
    if (i === 2) found.push(...(await auditHere(page, '/game (second word)')));
    await input.fill('zzqx');
    await input.press('Enter');
  }
  await expect(page).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel(/Score \d+ percent/)).toBeVisible();
  const results = new URL(page.url()).pathname;
  found.push(...(await audit(page, results)));
  expect(found).toEqual([]);
});

test('the admin pages pass the audit, with something on them', async ({ page, request }) => {
  await skipGiftCardPromo(page);
  const admin = await adminAccount(request, AUDIT_ADMIN_EMAIL);
  const tag = Date.now().toString(36);
  // a player's report and feedback to moderate, an enterprise to manage
  const player = await registeredAccount(request, 'axer');
  const login = await request.post('/v1/auth/login', {
    data: { strategy: 'local', username: player.username, password: player.password },
  });
  const { token, user } = (await login.json()) as { token: { accessToken: string }; user: { _id: string } };
  const asPlayer = { Authorization: `Bearer ${token.accessToken}` };
  const sent = [
    await request.post('/v1/report-user', {
      headers: asPlayer,
      data: { userReported: admin.id, user: user._id, message: `rude in chat ${tag}` },
    }),
    await request.post('/v1/feedback', {
      headers: asPlayer,
      data: { subject: `More topics ${tag}`, message: 'Please add a space topic.', user: user._id },
    }),
    await request.post('/v1/admin/enterprises', {
      headers: { Authorization: `Bearer ${admin.accessToken}` },
      data: { name: `Audit Co ${tag}` },
    }),
  ];
  // two lines of the word bank's audit trail, each with its badge; the bank ends as it was (a made-up
  // sound-alike of a word in the bank, in letters only)
  const soundAlike = `zq${tag.replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? '')}`;
  for (const url of ['/v1/add-homonym', '/v1/remove-homonym'])
    sent.push(
      await request.post(url, {
        headers: { Authorization: `Bearer ${admin.accessToken}` },
        data: { word1: 'elephant', word2: soundAlike },
      }),
    );
  for (const res of sent) expect(res.ok(), await res.text()).toBe(true);

  await page.goto('/login');
  await signIn(page, admin, admin.email);
  await expect(page.getByRole('link', { name: 'Word Tools' })).toBeVisible();
  const found: string[] = [];
  found.push(...(await audit(page, '/admin/reports')));
  await expect(page.getByText(`rude in chat ${tag}`)).toBeVisible();
  await expect(page.getByText(`More topics ${tag}`)).toBeVisible();
  found.push(...(await audit(page, '/admin/words')));
  await expect(page.getByRole('heading', { name: 'Word tools', level: 1 })).toBeVisible();
  await expect(page.getByText('Pair removed').first()).toBeVisible();
  found.push(...(await audit(page, '/admin/enterprises')));
  await expect(page.getByText(`Audit Co ${tag}`).first()).toBeVisible();
  expect(found).toEqual([]);
});
