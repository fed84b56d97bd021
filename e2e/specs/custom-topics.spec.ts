import { expect, type Page, test } from '@playwright/test';
import {
  adminAccount,
  pastFirstSignIn,
  registeredAccount,
  signIn,
  skipGiftCardPromo,
} from '../support/accounts.ts';
import { ADMIN_EMAIL } from '../support/ports.ts';
import { shoot } from '../support/screens.ts';
import { type PlayedGame, playSoloAsGuest } from '../support/socket-player.ts';

// words from topics (issue 7): a guest makes a game from a topic of their own, waits in the
// AI-loader, and plays it; an admin changes the word bank on /admin/words and new games use it;
// an admin gives an enterprise a member and a topic on /admin/enterprises, and the member plays it

const desktop = { width: 1440, height: 900 };

/** holds each CreateCustomGame request until the spec lets it go, to look at the AI-loader */
async function holdCustomGames(page: Page) {
  const gates: (() => void)[] = [];
  await page.route('**/v1/ai/CreateCustomGame', async (route) => {
    await new Promise<void>((resolve) => gates.push(resolve));
    await route.continue();
  });
  return async function release() {
    await expect.poll(() => gates.length).toBeGreaterThan(0);
    gates.shift()?.();
  };
}

async function tokenOf(page: Page) {
  return page.evaluate(() => {
    const strategy = localStorage.getItem('auth.strategy') ?? 'local';
    return localStorage.getItem(`auth._token.${strategy}`);
  });
}

test('a guest makes a game from a topic, waits in the AI-loader and plays it to the results', async ({
  page,
}) => {
  // two trips through the AI-loader, a whole 10-word game, the results and ten screenshots: on a
  // loaded 2-core CI machine each step takes 2–6 s, and the run reached its last screenshot at 120 s
  test.setTimeout(240_000);
  await skipGiftCardPromo(page);
  await page.setViewportSize(desktop);
  const release = await holdCustomGames(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Play in the browser' }).click();
  const form = page.getByRole('form', { name: 'Game setup' });
  await expect(form).toBeVisible();
  await form.getByLabel('Source').selectOption('category_custom');
  const topic = form.getByLabel('Topic');
  // topic games are solo: partnered is not offered
  await expect(form.getByRole('radio', { name: 'Partnered' })).toBeDisabled();

  // a topic with no words behind it: the loader, then the server's reason and a way back
  await topic.fill('qwertyuiop');
  await form.getByRole('button', { name: 'Start game' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Finding words about “qwertyuiop”' }),
  ).toBeVisible();
  await release();
  const failed = page.getByRole('dialog', { name: 'That topic did not work' });
  await expect(failed.getByRole('alert')).toContainText('a game needs 10');
  await shoot(page, '70-ai-loader-too-few-words', { fullPage: false });
  await failed.getByRole('button', { name: 'Try another topic' }).click();
  await expect(failed).toBeHidden();
  await expect(topic).toBeFocused();

  await topic.fill('ocean animals');
  await shoot(page, '71-setup-my-topics');
  await form.getByRole('button', { name: 'Start game' }).click();
  const loader = page.getByRole('dialog', { name: 'Making your game' });
  await expect(loader.getByRole('status')).toContainText('Finding words about “ocean animals”');
  await shoot(page, '72-ai-loader', { fullPage: false });
  await release();
  await expect(page).toHaveURL(/\/game$/);

  const input = page.getByLabel('Your spelling');
  for (let i = 0; i < 10; i++) {
    await expect(page.getByText(`Word ${i + 1} of 10`)).toBeVisible();
    await expect(input).toBeEditable();
    await input.pressSequentially('zzqx');
    await input.press('Enter');
  }
  await expect(page).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel(/Score \d+ percent/)).toBeVisible();

  // the results reveal the topic's words; the game is a custom one
  const id = page.url().split('/').pop();
  const res = await page.request.get(`/v1/game/${id}`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  const game = (await res.json()).data as { category: string; words: { word: { word: string } }[] };
  expect(game.category).toBe('category_custom');
  expect(game.words).toHaveLength(10);
  for (const w of game.words)
    await expect(page.getByText(w.word.word, { exact: true }).first()).toBeVisible();
  await shoot(page, '73-custom-results');

  // the topic now trends, and can be picked from there
  await page.goto('/');
  await form.getByLabel('Source').selectOption('trending');
  await expect(
    form.getByLabel('Trending topic').getByRole('option', { name: 'Ocean animals' }),
  ).toBeAttached();
  await shoot(page, '74-setup-trending');
});

test('an admin adds a word and a homophone pair on /admin/words, and new games use them', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await adminAccount(request, ADMIN_EMAIL);
  await skipGiftCardPromo(page);
  await page.setViewportSize(desktop);
  await page.goto('/login');
  await signIn(page, admin, admin.email);
  await page.getByRole('link', { name: 'Word Tools' }).click();
  await expect(page).toHaveURL(/\/admin\/words$/);

  // a word no game could have drawn before, and its sound-alike
  const tail = Array.from({ length: 4 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );
  const word = `fjord${tail}`;
  const sound = `fyord${tail}`;

  const words = page.getByRole('form', { name: 'Add or remove a word' });
  // the IPA of the typed word, from SaySpell's own word data (§7); a made-up word has none
  const ipa = words.getByTestId('word-ipa');
  await words.getByLabel('Word', { exact: true }).fill('fjord');
  await expect(ipa).toHaveText(/^\/.+\/$/);
  await words.getByLabel('Word', { exact: true }).fill(word);
  await expect(ipa).toHaveText('Not available');
  await words.getByLabel(/^Category/).selectOption('landscapes');
  await words.getByLabel(/^Difficulty/).selectOption('beginner');
  await words.getByRole('button', { name: 'Add word' }).click();
  await expect(page.getByText(`“${word}” was added to the English words.`)).toBeVisible();

  const pair = page.getByRole('form', { name: 'Add or remove a homophone pair' });
  await pair.getByLabel('Word', { exact: true }).fill(word);
  await pair.getByLabel('Sounds like').fill(sound);
  await pair.getByRole('button', { name: 'Add pair' }).click();
  await expect(page.getByText(`“${word}” and “${sound}” now count as the same word.`)).toBeVisible();

  // a bad word is refused with a reason, before and by the server
  await words.getByLabel('Word', { exact: true }).fill(word);
  await words.getByRole('button', { name: 'Add word' }).click();
  await expect(page.getByText(`"${word}" is already in the landscapes words.`)).toBeVisible();

  const trail = page.getByRole('table', { name: 'Audit trail' });
  await expect(trail.getByRole('row').nth(1)).toContainText(`${word} = ${sound}`);
  await expect(trail.getByRole('row').nth(2)).toContainText(word);
  // the notifications close by themselves; the screenshot is of the page
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await shoot(page, '75-admin-words');

  // new games of that pool (landscapes, beginner: ~49 words, 10 a game) draw the word about one
  // time in five: guests play them until one has, guessing the sound-alike for every word
  let hit: PlayedGame | undefined;
  let played = 0;
  for (let batch = 0; batch < 6 && !hit; batch++) {
    const games = await Promise.all(
      Array.from({ length: 12 }, () =>
        playSoloAsGuest(
          request,
          baseURL!,
          { language: 'English', category: 'category_landscapes', difficulty: 'beginner' },
          () => sound,
        ),
      ),
    );
    played += games.length;
    hit = games.find((g) => g.game.words.some((w) => w.word?.word === word));
  }
  expect(hit, `none of ${played} new games drew "${word}"`).toBeTruthy();
  const slot = hit!.game.words.find((w) => w.word?.word === word)!;
  expect(slot.word!.homonyms.map((h) => h.word)).toContain(sound);
  // the sound-alike counted as right for the new word, and for nothing else
  expect(slot).toMatchObject({ guess: sound, correct: true });
  expect(hit!.game.words.filter((w) => w.correct)).toHaveLength(1);

  // that player's results page says the same
  const context = await browser.newContext({ viewport: desktop });
  await context.addInitScript(
    ([access, refresh]) => {
      localStorage.setItem('auth.strategy', 'guest');
      localStorage.setItem('auth._token.guest', access!);
      localStorage.setItem('auth._refresh_token.guest', refresh!);
      localStorage.setItem('giftcardShow', String(Date.now()));
    },
    [hit!.token, hit!.refreshToken],
  );
  const player = await context.newPage();
  await player.goto(`/results/${hit!.game._id}`);
  await expect(player.getByText(word, { exact: true }).first()).toBeVisible();
  await expect(player.getByText(sound, { exact: true }).first()).toBeVisible();
  await shoot(player, '76-results-with-new-word');
  await context.close();
});

test('an admin gives an enterprise a member and a topic on /admin/enterprises, and the member plays it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await adminAccount(request, ADMIN_EMAIL);
  const member = await registeredAccount(request, 'member');
  const login = await request.post('/v1/auth/login', {
    data: { strategy: 'local', username: member.username, password: member.password },
  });
  const signedIn = (await login.json()) as { token: { accessToken: string }; user: { _id: string } };
  await pastFirstSignIn(request, signedIn.token.accessToken, signedIn.user._id);

  await skipGiftCardPromo(page);
  await page.setViewportSize(desktop);
  await page.goto('/login');
  await signIn(page, admin, admin.email);
  await page.getByRole('link', { name: 'Enterprises' }).click();
  await expect(page).toHaveURL(/\/admin\/enterprises$/);

  // names of this run only: a retry finds its own
  const tail = Date.now().toString(36).slice(-4);
  const name = `Acme Works ${tail}`;
  const topic = `Site Safety ${tail}`;
  await page.getByRole('textbox', { name: 'Enterprise name' }).fill(name);
  await page.getByRole('button', { name: 'Create enterprise' }).click();
  await expect(page.getByText(`“${name}” was created.`)).toBeVisible();
  const acme = page.getByRole('region', { name });
  await expect(acme).toContainText('0 members · 0 topics');

  // a member by e-mail; an unknown account is refused with the server's reason
  const members = acme.getByRole('form', { name: `Add a member to ${name}` });
  await members.getByLabel('E-mail or username').fill('nobody-here-at-all');
  await members.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByText('There is no account "nobody-here-at-all".')).toBeVisible();
  await members.getByLabel('E-mail or username').fill(member.email);
  await members.getByRole('button', { name: 'Add member' }).click();
  await expect(acme.getByRole('list', { name: 'Members' })).toContainText(member.username);

  // a topic: every word must be in the dictionary, the unknown ones are named
  const topics = acme.getByRole('form', { name: `Add a topic to ${name}` });
  await topics.getByLabel('Topic name').fill(topic);
  await topics.getByLabel('Difficulty').selectOption('beginner');
  const words = topics.getByRole('textbox', { name: /^Words/ });
  await words.fill('helmet, glove, ladder, qwzxv');
  await topics.getByRole('button', { name: 'Add topic' }).click();
  await expect(page.getByText('This word is not in the dictionary: qwzxv.')).toBeVisible();
  await words.fill('helmet, glove, ladder, alarm\nexit fire smoke water\nboot mask rope light');
  await topics.getByRole('button', { name: 'Add topic' }).click();
  await expect(page.getByText(`“${topic}” was added to ${name} with 12 words.`)).toBeVisible();
  const saved = acme.getByRole('listitem', { name: topic });
  await expect(saved).toContainText('Beginner');
  await expect(saved).toContainText('12 words: helmet, glove, ladder, alarm');
  await expect(acme).toContainText('1 member · 1 topic');
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 20_000 });
  await shoot(page, '77-admin-enterprises');

  // the member signs in and finds the topic under Enterprise Topics, then plays it
  const context = await browser.newContext({ viewport: desktop });
  const player = await context.newPage();
  await skipGiftCardPromo(player);
  await player.goto('/login');
  await signIn(player, member);
  const form = player.getByRole('form', { name: 'Game setup' });
  // a second browser signing in beside the first one's screenshots: on a loaded CI machine the
  // sign-in's way home took past 15 s once
  await expect(form).toBeVisible({ timeout: 30_000 });
  await form.getByLabel('Source').selectOption('category_enterprise');
  await expect(form.getByLabel('Enterprise topic')).toHaveValue(topic);
  await shoot(player, '78-setup-enterprise-topics');
  await form.getByRole('button', { name: 'Start game' }).click();
  await expect(player).toHaveURL(/\/game$/);
  await expect(player.getByText(/^Word 1 of \d+$/)).toBeVisible();
  await context.close();
});
