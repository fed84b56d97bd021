import { expect, test } from '@playwright/test';
import { carriesWord, recordReceived } from '../support/message-log.ts';
import { shoot } from '../support/screens.ts';

// a guest opens the site, plays a whole solo game in the browser and sees the results; the page
// never receives a word before it has been guessed

test('a guest plays a whole solo game', async ({ page }) => {
  const { log, mark } = recordReceived(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto('/');
  await expect(page.getByText(/mobile-app only/i)).toBeVisible();
  await expect(page.getByRole('link', { name: /google play|play store/i })).toBeVisible();
  await expect(page.getByRole('link', { name: /app store/i })).toBeVisible();
  await shoot(page, '01-landing');

  await page.getByRole('button', { name: 'Play in the browser' }).click();
  await expect(page.getByRole('form', { name: 'Game setup' })).toBeVisible();
  await shoot(page, '02-setup');

  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(page).toHaveURL(/\/game$/);
  await expect(page.getByRole('timer').first()).toBeVisible();
  await shoot(page, '03-countdown');

  const input = page.getByLabel('Your spelling');
  // the words heard: distinct one-turn audio links that answered with a WAV file
  const spokenWords = () =>
    new Set(
      log
        .filter((m) => /^GET 200 .*\/v1\/game\/[^/]+\/audio\//.test(m.source))
        .filter((m) => m.contentType === 'audio/wav' && (m.contentLength ?? 0) > 1000)
        .map((m) => m.source),
    ).size;
  const guessMarks: number[] = [];
  for (let i = 0; i < 10; i++) {
    await expect(page.getByText(`Word ${i + 1} of 10`)).toBeVisible();
    await expect(input).toBeEditable();
    // the player hears the word before spelling it
    await expect.poll(spokenWords).toBe(i + 1);
    if (i === 3) await shoot(page, '04-mid-game');
    if (i === 5) {
      // a reload mid-game resumes the same game at the same word
      await page.reload();
      await expect(page.getByText('Word 6 of 10')).toBeVisible();
      await expect(input).toBeEditable();
    }
    // typed with a capital, a space and a digit: the box keeps letters only, lower-cased
    // guesses no real word could be, so the scan cannot mistake a guess for a word
    await input.pressSequentially(i % 3 === 0 ? 'Qx z1' : 'zzqx');
    await expect(input).toHaveValue(i % 3 === 0 ? 'qxz' : 'zzqx');
    guessMarks.push(mark());
    await input.press('Enter');
  }

  await expect(page).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel(/Score \d+ percent/)).toBeVisible();
  await shoot(page, '05-results');

  // the words, as the results now reveal them
  const id = page.url().split('/').pop()!;
  const token = await page.evaluate(() => {
    const strategy = localStorage.getItem('auth.strategy') ?? 'local';
    return localStorage.getItem(`auth._token.${strategy}`);
  });
  const res = await page.request.get(`/v1/game/${id}`, { headers: { authorization: `Bearer ${token}` } });
  const words: string[] = (await res.json()).data.words.map((w: { word: { word: string } }) => w.word.word);
  expect(words).toHaveLength(10);
  for (const word of words) await expect(page.getByText(word, { exact: true }).first()).toBeVisible();

  words.forEach((word, i) => {
    const before = log.filter((m) => m.seq < guessMarks[i]!);
    const leaks = before.filter((m) => carriesWord(m.text, word)).map((m) => m.source);
    expect(leaks, `"${word}" reached the page before it was guessed`).toEqual([]);
  });
  // the scan read real bodies and frames, not empty ones
  expect(
    log.filter((m) => m.source.includes('/v1/game') && m.text.includes('"currentIndex"')).length,
  ).toBeGreaterThan(1);
  expect(
    log.filter((m) => m.source === 'ws' && m.text.includes('"currentIndex"')).length,
  ).toBeGreaterThanOrEqual(10);
  expect(spokenWords()).toBe(10);
});

test('an unknown page shows the error page with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
  await shoot(page, '06-not-found');
});
