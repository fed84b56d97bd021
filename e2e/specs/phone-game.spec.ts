import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectNothingCutOff } from '../support/narrow-screen.ts';
import { roomyClock } from '../support/roomy-clock.ts';

// issue 22 item 4: whole games at phone size, as a phone plays them: touch contexts (taps, not
// clicks), the on-screen keyboard's space taken from the screen, and the phone turned sideways
// mid-game. the keyboard is emulated the way chrome on android makes room for it with the app's
// interactive-widget=resizes-content: the page's viewport shrinks to what stays above the keyboard
// (safari shrinks only the visual viewport; the game page measures that one, so both are covered).
// with the keyboard up, the clock and the guess box must both be in sight, not under the keyboard
// and not under the app's header

interface Phone {
  name: string;
  width: number;
  height: number;
  /** how much of the screen the on-screen keyboard takes in portrait */
  keyboard: number;
}

const PHONES: Phone[] = [
  { name: '390x844', width: 390, height: 844, keyboard: 336 },
  { name: '360x640', width: 360, height: 640, keyboard: 280 },
];
// the app's fixed header
const HEADER_PX = 64;
// guesses no real word can be, so no guess is ever right by chance
const MISS = 'zzqx';

const dir = path.join(import.meta.dirname, '..', 'screenshots');

/** what the player sees right now (no resizing: the phone's own size and state) */
async function snap(page: Page, name: string) {
  await page.screenshot({ path: path.join(dir, `phone-${name}.png`) });
}

async function phonePage(browser: Browser, phone: Phone): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: phone.width, height: phone.height },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  });
  return context.newPage();
}

/** the keyboard comes up (the guess box has focus) or goes down; the phone may be turned */
async function keyboardUp(page: Page, phone: Phone) {
  await page.setViewportSize({ width: phone.width, height: phone.height - phone.keyboard });
}
async function keyboardDown(page: Page, phone: Phone) {
  await page.setViewportSize({ width: phone.width, height: phone.height });
}
async function turnSideways(page: Page, phone: Phone) {
  await page.setViewportSize({ width: phone.height, height: phone.width });
}

/** the element is wholly inside what the player sees, below the header */
async function expectInSight(page: Page, locator: Locator, what: string) {
  await expect
    .poll(
      async () => {
        const box = await locator.boundingBox();
        const view = await page.evaluate(() => ({
          top: window.visualViewport?.offsetTop ?? 0,
          height: window.visualViewport?.height ?? window.innerHeight,
        }));
        if (!box) return `${what}: not shown`;
        if (box.y < view.top + HEADER_PX - 1) return `${what}: under the header (top ${Math.round(box.y)})`;
        if (box.y + box.height > view.top + view.height + 1)
          return `${what}: below the visible ${Math.round(view.height)} px (bottom ${Math.round(box.y + box.height)})`;
        return 'in sight';
      },
      { message: `${what} in sight` },
    )
    .toBe('in sight');
}

async function expectClockAndBoxInSight(page: Page) {
  // the clock's whole ring, not only its digits
  await expectInSight(page, page.locator('[data-clock]'), 'the clock');
  await expectInSight(page, page.getByLabel('Your spelling'), 'the guess box');
}

/** the text takes one line (a word broken mid-way is hard to read out) */
async function expectOneLine(locator: Locator, what: string) {
  const lines = await locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines, `${what} on one line`).toBe(1);
}

const choice = (page: Page, group: string, name: string) =>
  page.getByRole('group', { name: group }).getByText(name, { exact: true });

async function guestAtHome(page: Page) {
  await page.goto('/');
  // the landing, the first thing a phone shows: its store buttons' labels whole on a narrow screen
  await expect(page.getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
  await expect(page.locator('.mantine-Button-loader')).toHaveCount(0);
  await expectNothingCutOff(page);
  await page.getByRole('button', { name: 'Play in the browser' }).tap();
  await expect(page.getByRole('form', { name: 'Game setup' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Difficulty' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Which players' })).toBeVisible();
  await expectNothingCutOff(page);
}

for (const phone of PHONES) {
  test(`a guest plays a whole solo game on a ${phone.name} phone, keyboard up, turned sideways once`, async ({
    browser,
  }) => {
    const page = await phonePage(browser, phone);
    await guestAtHome(page);
    await snap(page, `${phone.name}-setup`);
    await page.getByRole('button', { name: 'Start game' }).tap();
    await expect(page).toHaveURL(/\/game$/);

    const input = page.getByLabel('Your spelling');
    for (let i = 0; i < 10; i++) {
      await expect(page.getByText(`Word ${i + 1} of 10`)).toBeVisible();
      await expect(input).toBeEditable();
      if (i === 0) {
        // the box has focus and the keyboard comes up: the clock and the box stay in sight
        await keyboardUp(page, phone);
        await expectClockAndBoxInSight(page);
        await snap(page, `${phone.name}-solo-keyboard`);
      }
      if (i === 4) {
        // turned sideways, keyboard down: a short, wide screen
        await turnSideways(page, phone);
        await expectClockAndBoxInSight(page);
        await snap(page, `${phone.name}-solo-landscape`);
      }
      if (i === 5) {
        // upright again, keyboard down: the player taps the box, types, taps 'Spell it'
        await keyboardDown(page, phone);
        await expectClockAndBoxInSight(page);
        await snap(page, `${phone.name}-solo-portrait`);
        await input.tap();
        await input.fill(MISS);
        await page.getByRole('button', { name: 'Spell it' }).tap();
        await keyboardUp(page, phone);
        continue;
      }
      if (i === 6) await expectClockAndBoxInSight(page);
      await input.fill(MISS);
      // the keyboard's 'done' key
      await input.press('Enter');
    }

    await expect(page).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
    await keyboardDown(page, phone);
    await expect(page.getByLabel(/Score \d+ percent/)).toBeVisible();
    await expect(page.getByText('0 of 10 correct')).toBeVisible();
    await expect(page.getByRole('button', { name: /Practise these again/ })).toBeVisible();
    await expectNothingCutOff(page);
    await snap(page, `${phone.name}-solo-results`);
    await page.context().close();
  });
}

test('two guests on phones play a whole partnered game, keyboard up, both turned sideways once', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const [big, small] = PHONES as [Phone, Phone];
  const speaker = await phonePage(browser, big);
  const speller = await phonePage(browser, small);
  for (const [page, role] of [
    [speaker, 'Speaker'],
    [speller, 'Speller'],
  ] as const) {
    await guestAtHome(page);
    // 20 turns with snapshots on the way: more than 90 s on a busy machine
    await roomyClock(page);
    // a difficulty and category of their own: never matched with another spec's players
    await choice(page, 'Difficulty', 'Advanced').tap();
    await page.getByLabel('Category').selectOption('category_architecture');
    await choice(page, 'Mode', 'Partnered').tap();
    await choice(page, 'Role', role).tap();
    await page.getByRole('button', { name: 'Find a partner' }).tap();
    await expect(page).toHaveURL(/\/(matching\?|game$)/);
  }
  await expect(speaker).toHaveURL(/\/game$/);
  await expect(speller).toHaveURL(/\/game$/);
  await expect(speaker.getByText('You are the Speaker')).toBeVisible();
  await expect(speller.getByText('You are the Speller')).toBeVisible();

  const counter = speller.getByText(/^Word \d+ of \d+$/);
  await expect(counter).toBeVisible({ timeout: 20_000 });
  const total = Number((await counter.textContent())?.match(/of (\d+)/)?.[1]);
  expect(total).toBeGreaterThanOrEqual(10);
  const input = speller.getByLabel('Your spelling');
  const word = speaker.getByTestId('word-to-say');
  for (let turn = 0; turn < total; turn++) {
    const label = `Word ${turn + 1} of ${total}`;
    await expect(speaker.getByText(label)).toBeVisible();
    await expect(speller.getByText(label)).toBeVisible();
    await expect(input).toBeEditable();
    if (turn === 0) {
      await keyboardUp(speller, small);
      await expectClockAndBoxInSight(speller);
      await expectInSight(speaker, speaker.locator('[data-clock]'), "the speaker's clock");
      await expectInSight(speaker, word, 'the word to say');
      await snap(speller, `${small.name}-speller-keyboard`);
      await snap(speaker, `${big.name}-speaker`);
    }
    if (turn === 4) {
      await turnSideways(speller, small);
      await turnSideways(speaker, big);
      await expectClockAndBoxInSight(speller);
      await expectInSight(speaker, word, 'the word to say, sideways');
      await snap(speller, `${small.name}-speller-landscape`);
      await snap(speaker, `${big.name}-speaker-landscape`);
    }
    if (turn === 5) {
      await keyboardUp(speller, small);
      await keyboardDown(speaker, big);
      await expectClockAndBoxInSight(speller);
    }
    const said = (await word.textContent())?.trim() ?? '';
    expect(said).toMatch(/^[a-z]+$/i);
    await expectOneLine(word, `"${said}"`);
    await input.fill(turn === 2 ? MISS : said);
    await input.press('Enter');
  }
  await expect(speaker).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
  await expect(speller).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
  await keyboardDown(speller, small);
  for (const page of [speaker, speller])
    await expect(page.getByText(`${total - 1} of ${total} correct`)).toBeVisible();
  for (const page of [speaker, speller]) await expectNothingCutOff(page);
  await snap(speller, `${small.name}-speller-results`);
  await snap(speaker, `${big.name}-speaker-results`);
  await Promise.all([speaker.context().close(), speller.context().close()]);
});
