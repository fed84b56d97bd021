import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { linkIn, nextMail } from './peers.ts';

// registered players for the specs: a fresh, verified local account, and the way a person signs in

export interface Account {
  username: string;
  email: string;
  password: string;
}

let counter = 0;
export function newAccount(prefix = 'player'): Account {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  return {
    username: `${prefix}${id}`.slice(0, 20),
    email: `${prefix}.${id}@example.org`,
    password: 'correct horse 42',
  };
}

/** registers through the api and follows the link from the real mail */
export async function registeredAccount(
  request: APIRequestContext,
  prefix?: string,
  email?: string,
): Promise<Account> {
  const account = { ...newAccount(prefix), ...(email ? { email } : {}) };
  const res = await request.post('/v1/auth/register', { data: account });
  expect(res.status()).toBe(201);
  const link = linkIn(await nextMail(account.email), '/email-verification/');
  const token = new URL(link).pathname.split('/').pop();
  expect((await request.post('/v1/auth/verify-email', { data: { token } })).ok()).toBe(true);
  return account;
}

/** the gift-card promotion (a popup on home) has been dismissed before: specs about other things skip it */
export async function skipGiftCardPromo(page: Page) {
  await page.addInitScript(() => localStorage.setItem('giftcardShow', String(Date.now())));
}

/** fills the sign-in form on /login */
export async function signIn(page: Page, account: Account, login = account.username) {
  await page.getByRole('textbox', { name: 'E-mail or username', exact: true }).fill(login);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** the first-sign-in popups: the EULA, then the demographic form */
export async function passFirstSignIn(page: Page) {
  const eula = page.getByRole('dialog', { name: 'End-User Licence Agreement' });
  await expect(eula).toBeVisible();
  await eula.getByRole('button', { name: 'I Understand' }).click();
  const form = page.getByRole('dialog', { name: 'A little about you' });
  await expect(form).toBeVisible();
  await fillDemographic(page);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toBeHidden();
}

export async function fillDemographic(page: Page, country = { search: 'ger', name: 'Germany' }) {
  const form = page.getByRole('dialog', { name: 'A little about you' });
  await form.getByLabel('Gender').click();
  await page.getByRole('option', { name: 'Female' }).click();
  await form.getByLabel('Date of birth').fill('1998-04-17');
  await form.getByLabel('Country').click();
  await page.getByPlaceholder('Search...').fill(country.search);
  await page.getByRole('option', { name: new RegExp(country.name) }).click();
  await form.getByLabel('Education').click();
  await page.getByRole('option', { name: "Bachelor's Degree" }).click();
}

/** an admin (an address in the launcher's ADMIN_EMAILS), registered unless an earlier test of this
 * run did, past the first-sign-in popups (another spec's subject). sign in by e-mail */
export async function adminAccount(
  request: APIRequestContext,
  email: string,
): Promise<Account & { id: string; accessToken: string }> {
  // the same password whoever registered it
  const account = { ...newAccount('admin'), email };
  const registered = await request.post('/v1/auth/register', { data: account });
  if (registered.status() === 201) {
    const token = new URL(linkIn(await nextMail(account.email), '/email-verification/')).pathname
      .split('/')
      .pop();
    expect((await request.post('/v1/auth/verify-email', { data: { token } })).ok()).toBe(true);
  }
  const login = await request.post('/v1/auth/login', {
    data: { strategy: 'local', username: account.email, password: account.password },
  });
  expect(login.ok()).toBe(true);
  const { token, user } = (await login.json()) as {
    token: { accessToken: string };
    user: { _id: string; role: string };
  };
  expect(user.role).toBe('admin');
  await pastFirstSignIn(request, token.accessToken, user._id);
  return { ...account, id: user._id, accessToken: token.accessToken };
}

/** the first-sign-in popups (EULA, demographic form) are another spec's subject: done through the api */
export async function pastFirstSignIn(request: APIRequestContext, accessToken: string, userId: string) {
  const headers = { Authorization: `Bearer ${accessToken}` };
  await request.post('/v1/users/confirm-eula', { headers, data: { userId } });
  await request.post('/v1/users/demographics', {
    headers,
    data: {
      gender: 'female',
      dob: '1990-05-01',
      country: { name: 'Germany', code: 'DE' },
      education: 'Other',
    },
  });
}
