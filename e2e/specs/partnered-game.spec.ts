import { type Browser, expect, type Page, test } from '@playwright/test';
import { carriesWord, recordReceived } from '../support/message-log.ts';
import { expectWholeOnNarrowPhone } from '../support/narrow-screen.ts';
import { roomyClock } from '../support/roomy-clock.ts';
import { shoot } from '../support/screens.ts';

// two guests in two browsers find each other in /matching and play partnered games to the end:
// the speaker reads each word off their screen, the speller types it (one miss on purpose), both
// see the results and play again with roles swapped. the speller's page never receives a word
// before it has been guessed. afterwards history, leaderboard and gift cards show the games.

const DESKTOP = { width: 1440, height: 900 };
// guesses no real word can be, so the leak scan cannot mistake one for a word
const MISS = 'zzqx';

async function guestAtHome(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Play in the browser' }).click();
  await expect(page.getByRole('form', { name: 'Game setup' })).toBeVisible();
  return page;
}

/** picks partnered play and enters the queue; a partner may already be waiting (then: /game) */
async function lookForPartner(page: Page, role: 'Speaker' | 'Speller' | 'Either') {
  const choice = (group: string, name: string) =>
    page.getByRole('group', { name: group }).getByText(name, { exact: true });
  await choice('Mode', 'Partnered').click();
  await choice('Role', role).click();
  await page.getByRole('button', { name: 'Find a partner' }).click();
  await expect(page).toHaveURL(/\/(matching\?|game$)/);
}

/** the home page greets the player by name */
const usernameOf = async (page: Page) =>
  ((await page.getByText(/^Hi, /).textContent()) ?? '').replace(/^Hi, /, '').trim();

/**
 * plays one game: the speaker reads the word, the speller types it, except on the turns in
 * `misses`. `onTurn` runs before each guess (screenshots, checks); returns the number of words
 */
async function playGame(
  speaker: Page,
  speller: Page,
  options: { misses?: number[]; onTurn?: (turn: number) => Promise<void>; beforeGuess?: () => void } = {},
): Promise<number> {
  await expect(speaker.getByText('You are the Speaker')).toBeVisible();
  await expect(speller.getByText('You are the Speller')).toBeVisible();
  // the game starts once both have handshaken, after the 5 s countdown
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
    await options.onTurn?.(turn);
    const said = (await word.textContent())?.trim() ?? '';
    expect(said).toMatch(/^[a-z]+$/i);
    options.beforeGuess?.();
    await input.fill(options.misses?.includes(turn) ? MISS : said);
    await input.press('Enter');
  }
  await expect(speaker).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
  await expect(speller).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
  return total;
}

/** both players wait out the shared countdown and ask to play again; roles swap */
async function playAgain(first: Page, second: Page, firstName: string, secondName: string, shot?: string) {
  const button = (page: Page) => page.getByRole('button', { name: 'Play again', exact: true });
  await expect(button(first)).toBeEnabled({ timeout: 15_000 });
  await expect(button(second)).toBeEnabled();
  await button(first).click();
  await expect(first.getByText(`Waiting for ${secondName} to say yes…`)).toBeVisible();
  await expect(second.getByText(`${firstName} wants a rematch!`)).toBeVisible();
  if (shot) await shoot(second, shot);
  await button(second).click();
  await expect(first).toHaveURL(/\/game$/);
  await expect(second).toHaveURL(/\/game$/);
}

test('two guests are matched, play partnered games to the results and play again', async ({ browser }) => {
  // three games of 20 turns (60 guesses, each waited for on both pages) and a dozen screenshots
  test.setTimeout(480_000);
  const ada = await guestAtHome(browser);
  const bo = await guestAtHome(browser);
  // three games of 20 words with screenshots on the way: more than 90 s on a busy machine
  await roomyClock(ada);
  await roomyClock(bo);
  const adaName = await usernameOf(ada);
  const boName = await usernameOf(bo);
  const { log, mark } = recordReceived(bo);
  // the socket opens with the app (presence, invites): reload so the log sees it from the start
  await bo.reload();
  await expect(bo.getByRole('form', { name: 'Game setup' })).toBeVisible();

  // ada waits as the speaker; bo, happy with either role, is paired with her as the speller
  await lookForPartner(ada, 'Speaker');
  await expect(ada.getByText('Finding you a partner…')).toBeVisible();
  await expect(ada.getByText(/^Waiting 0:\d\d$/)).toBeVisible();
  await shoot(ada, '07-matching');
  // the game and its words are made when bo is paired: nothing before can name them. (the home's
  // public lists can hold a word by chance: a trending topic "music" met the word "music" once)
  const gameStart = mark();
  await lookForPartner(bo, 'Either');
  await expect(ada).toHaveURL(/\/game$/);
  await expect(bo).toHaveURL(/\/game$/);

  const guessMarks: number[] = [];
  const total = await playGame(ada, bo, {
    misses: [2],
    beforeGuess: () => guessMarks.push(mark()),
    onTurn: async (turn) => {
      if (turn !== 3) return;
      // the speaker saw the miss come in, with what the speller typed
      await expect(ada.getByText('Missed', { exact: true })).toBeVisible();
      await expect(ada.getByText(MISS, { exact: true })).toBeVisible();
      await expect(bo.getByText('Listen to your partner')).toBeVisible();
      // what the speaker reads out when the speller asks (the speller never gets these)
      await ada.getByText('If your partner asks…').click();
      await expect(ada.getByText('Part of speech')).toBeVisible();
      await expect(ada.getByText('Definition', { exact: true })).toBeVisible();
      await expect(ada.getByText('Language of origin')).toBeVisible();
      await shoot(ada, '08-speaker');
      await shoot(bo, '09-speller');
    },
  });
  const gameEnd = mark();

  for (const page of [ada, bo]) {
    await expect(page.getByText(`${total - 1} of ${total} correct`)).toBeVisible();
    await expect(page.getByLabel(/Score \d+ percent/)).toBeVisible();
  }
  await expect(ada.getByText(`You were the speaker · with ${boName}`)).toBeVisible();
  await expect(bo.getByText(`You were the speller · with ${adaName}`)).toBeVisible();
  await expect(ada.getByText('Your partner typed').first()).toBeVisible();

  // the words, as the results now reveal them
  const gameId = bo.url().split('/').pop()!;
  const token = await bo.evaluate(() => {
    const strategy = localStorage.getItem('auth.strategy') ?? 'local';
    return localStorage.getItem(`auth._token.${strategy}`);
  });
  const res = await bo.request.get(`/v1/game/${gameId}`, { headers: { authorization: `Bearer ${token}` } });
  const words: string[] = (await res.json()).data.words
    .slice(0, total)
    .map((w: { word: { word: string } }) => w.word.word);
  for (const word of words) await expect(bo.getByText(word, { exact: true }).first()).toBeVisible();

  // nothing the speller's page received named a word before it was guessed
  words.forEach((word, i) => {
    const before = log.filter((m) => m.seq > gameStart && m.seq < guessMarks[i]!);
    const leaks = before.filter((m) => carriesWord(m.text, word)).map((m) => m.source);
    expect(leaks, `"${word}" reached the speller before it was guessed`).toEqual([]);
  });
  // the scan read real frames: every turn's update reached the speller
  const frames = log.filter((m) => m.seq < gameEnd && m.source === 'ws' && m.text.includes('"currentIndex"'));
  expect(frames.length).toBeGreaterThanOrEqual(total);

  await expect(bo.getByRole('button', { name: 'Play again', exact: true })).toBeEnabled({ timeout: 15_000 });
  await shoot(bo, '10-results');

  // two rematches, roles swapped each time: three games each, enough for the leaderboard
  await playAgain(ada, bo, adaName, boName, '10-rematch');
  await playGame(bo, ada);
  await playAgain(bo, ada, boName, adaName);
  await playGame(ada, bo);

  await ada.getByRole('link', { name: 'Game History' }).click();
  await expect(ada).toHaveURL(/\/history$/);
  const games = ada.getByRole('list', { name: 'Games' }).getByRole('link');
  await expect(games).toHaveCount(3);
  await expect(games.first()).toContainText(`with ${boName}`);
  await expect(games.first()).toContainText('Partnered · Speaker');
  await expect(games.nth(1)).toContainText('Partnered · Speller');
  await expect(games.last()).toContainText(`${total - 1}/${total}`);
  await shoot(ada, '11-history');
  await expectWholeOnNarrowPhone(ada);

  await ada.getByRole('link', { name: 'Leaderboard' }).click();
  await expect(ada).toHaveURL(/\/leaderboard$/);
  const mine = ada.locator('tr[aria-current="true"]');
  await expect(mine).toContainText(adaName);
  await expect(ada.getByRole('table')).toContainText(boName);
  await expect(ada.getByRole('figure', { name: /^Top \d+ by accuracy$/ })).toBeVisible();
  await shoot(ada, '12-leaderboard');
  // the table, its chart and the player's own row on a 360 px phone
  await expectWholeOnNarrowPhone(ada);

  // guests have no gift-card entry in the sidebar, but the page shows their progress
  await expect(ada.getByRole('link', { name: 'Gift Cards' })).toHaveCount(0);
  await ada.goto('/giftcards');
  await expect(ada.getByLabel('First gift card')).toContainText('3 / 10');
  await expect(ada.getByText('Play 6 or more topics')).toBeVisible();
  await shoot(ada, '13-giftcards');

  await Promise.all([ada.context().close(), bo.context().close()]);
});

test('when a partner leaves mid-game, the one who stayed is told and keeps the results', async ({
  browser,
}) => {
  const cy = await guestAtHome(browser);
  const di = await guestAtHome(browser);
  await lookForPartner(cy, 'Speller');
  await expect(cy.getByText('Finding you a partner…')).toBeVisible();
  await lookForPartner(di, 'Speaker');
  await expect(cy).toHaveURL(/\/game$/);
  await expect(di).toHaveURL(/\/game$/);

  // one word spelt together, then the speaker walks away
  await expect(cy.getByText(/^Word 1 of \d+$/)).toBeVisible({ timeout: 20_000 });
  const input = cy.getByLabel('Your spelling');
  await expect(input).toBeEditable();
  await input.fill((await di.getByTestId('word-to-say').textContent()) ?? '');
  await input.press('Enter');
  await expect(cy.getByText(/^Word 2 of \d+$/)).toBeVisible();
  await di.getByRole('button', { name: 'Leave game' }).click();
  // leaving a running game asks first (issue 15 item 7)
  await di.getByRole('dialog').getByRole('button', { name: 'Leave game' }).click();
  await expect(di).toHaveURL(/\/$/);

  await expect(cy.getByRole('alert').getByText('Your partner left the game')).toBeVisible();
  await expect(cy).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
  await expect(cy.getByText('Your partner left the game')).toBeVisible();
  await expect(cy.getByText('1 of 1 correct')).toBeVisible();
  await expect(cy.getByRole('link', { name: 'New game' })).toBeVisible();
  await expect(cy.getByRole('button', { name: /play again/i })).toHaveCount(0);
  await shoot(cy, '14-partner-left');

  await Promise.all([cy.context().close(), di.context().close()]);
});
