import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectWholeOnNarrowPhone } from '../support/narrow-screen.ts';

// the learning loop in the browser (issue 17): a guest plays Adaptive, asks the spelling bee's
// questions mid-word, practises the missed words from the results, sees the due count on home
// and in setup's 'Practice my words', and the progress page's charts

const shots = process.env.LEARNING_SHOTS ?? path.join(process.env.PW_OUTPUT ?? '/tmp/learning-pw', 'shots');
mkdirSync(shots, { recursive: true });

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

async function shoot(page: Page, name: string, fullPage = true) {
  for (const [label, size] of Object.entries(SIZES)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shots, `${name}-${label}.png`), fullPage });
  }
  await page.setViewportSize(SIZES.desktop);
}

const tokenOf = (page: Page) =>
  page.evaluate(() => {
    const strategy = localStorage.getItem('auth.strategy') ?? 'local';
    return localStorage.getItem(`auth._token.${strategy}`);
  });

/** ten guesses no word could be */
async function missAll(page: Page) {
  const input = page.getByLabel('Your spelling');
  for (let i = 0; i < 10; i++) {
    const label = page.getByText(`Word ${i + 1} of `);
    if (!(await label.isVisible().catch(() => false)) && i > 0 && page.url().includes('/results')) break;
    await expect(input).toBeEditable();
    await input.fill('zzqx');
    await input.press('Enter');
    if (
      await page.waitForURL(/\/results\//, { timeout: 300 }).then(
        () => true,
        () => false,
      )
    )
      break;
  }
  await expect(page).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
}

test.use({ actionTimeout: 20_000 });

test('a guest learns: adaptive play, the bee asks, practise again, due words and progress', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(SIZES.desktop);
  await page.goto('/');
  await page.getByRole('button', { name: 'Play in the browser' }).click();
  const setup = page.getByRole('form', { name: 'Game setup' });
  await expect(setup).toBeVisible();

  // Adaptive: solo only
  // mantine's switch keeps its input under a drawn track: checked through the input itself
  const adaptive = page.getByRole('switch', { name: /Adaptive/ });
  await adaptive.check({ force: true });
  await expect(adaptive).toBeChecked();
  await expect(page.getByText(/Adaptive is solo/)).toBeVisible();
  await shoot(page, 'setup-adaptive', false);
  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(page).toHaveURL(/\/game$/);

  // the first word: the spelling bee's asks
  await expect(page.getByText('Word 1 of 10')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Definition' }).click();
  const definition = page.getByTestId('ask-definition');
  await expect(definition).toContainText('Definition:');
  await page.getByRole('button', { name: 'Part of speech' }).click();
  await expect(page.getByTestId('ask-partOfSpeech')).toContainText(/It is an? (noun|verb|adjective)/);
  await page.getByRole('button', { name: 'Origin' }).click();
  const origin = page.getByTestId('ask-origin');
  await expect(origin).toContainText(/comes from|not known|\.$/);
  const originText = (await origin.textContent()) ?? '';
  const slower = page.waitForResponse(
    (r) => r.url().endsWith('/v1/learning/ask') && r.request().postData()?.includes('slower') === true,
  );
  await page.getByRole('button', { name: 'Say it slower' }).click();
  expect((await slower).headers()['content-type']).toBe('audio/wav');
  await expect(page.getByRole('button', { name: 'Definition' })).toBeDisabled();
  const definitionText = (await definition.textContent()) ?? '';
  await shoot(page, 'game-asks', false);
  await missAll(page);

  // the definition asked never held the word
  const token = await tokenOf(page);
  const firstId = page.url().split('/').pop()!;
  const first = await page.request.get(`/v1/game/${firstId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const words: string[] = (await first.json()).data.words.map((w: { word: { word: string } }) => w.word.word);
  expect(definitionText.toLowerCase()).not.toContain(words[0]!.toLowerCase());
  expect(originText.toLowerCase()).not.toContain(words[0]!.toLowerCase());

  // results: practise the missed words again, at once
  const again = page.getByRole('button', { name: /Practise these again \(\d+\)/ });
  await expect(again).toBeVisible();
  await shoot(page, 'results-practise-again');
  await again.click();
  await expect(page).toHaveURL(/\/game$/);
  await expect(page.getByText('Word 1 of ')).toBeVisible({ timeout: 20_000 });
  await missAll(page);
  const practiceId = page.url().split('/').pop()!;
  const practice = await page.request.get(`/v1/game/${practiceId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const practiced: string[] = (await practice.json()).data.words.map(
    (w: { word: { word: string } }) => w.word.word,
  );
  expect(practice.ok()).toBe(true);
  expect(practiced.every((w) => words.includes(w))).toBe(true);
  expect((await practice.json()).data.category).toBe('category_practice');

  // missed again: due tomorrow; 'practise again' brings them to today for the home's count
  const made = await page.request.post('/v1/learning/practise-again', {
    headers: { authorization: `Bearer ${token}` },
    data: { gameId: practiceId },
  });
  expect(made.ok()).toBe(true);
  const due = (await made.json()).due as number;
  await page.goto('/');
  await expect(page.getByTestId('due-words')).toHaveText(`${due} words due today`);
  await expect(page.getByText('1-day streak')).toBeVisible();
  await shoot(page, 'home-due');
  // the home with its due words' card, on a 360 px phone
  await expectWholeOnNarrowPhone(page);
  await page.getByRole('combobox', { name: 'Source' }).selectOption('practice');
  await expect(page.getByTestId('practice-due')).toHaveText(`${due} words due today`);
  await shoot(page, 'setup-practice', false);

  // the progress page
  await page.getByRole('link', { name: 'Your progress' }).click();
  await expect(page).toHaveURL(/\/progress$/);
  await expect(page.getByTestId('streak')).toHaveText('1 day');
  await expect(page.getByText('Words learned')).toBeVisible();
  await expect(page.getByText('Accuracy by difficulty')).toBeVisible();
  await shoot(page, 'progress');
  // the charts with a day, the boxes and the difficulties in them, on a 360 px phone
  await expectWholeOnNarrowPhone(page);
});
