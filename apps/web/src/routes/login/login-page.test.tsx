import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { getStrategy, isSignedIn } from '../../auth/token-storage.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { LoginPage } from './login-page.tsx';
import { CONSENT_REFUSED, NOT_STARTED_HERE } from './use-social-callback.ts';

const user = { _id: 'u-1', id: 'u-1', username: 'ada', role: 'user', hasConfirmedEULA: true };
const answer = { token: { accessToken: 'a', refreshToken: 'r', expiresIn: 900, tokenType: 'Bearer' }, user };
const error = (status: number, message: string, code?: string) =>
  new Response(JSON.stringify({ statusCode: status, error: 'Error', message, code }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function setup(path: string, answers: Record<string, unknown> = {}) {
  const { fetchMock, calls } = mockFetch({
    'GET /v1/config': { socialLogin: true, loginMethods: ['local', 'guest', 'google', 'facebook', 'apple'] },
    ...answers,
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>home</p> },
      { path: '/history', element: <p>history</p> },
      { path: '/adminRemoved', element: <p>removed</p> },
      { path: '/email-verification', element: <p>verification</p> },
    ],
    { initialEntries: [path] },
  );
  // strict mode runs effects twice: a code must still be posted once
  renderWithProviders(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { calls, router };
}

async function fillAndSubmit(login: string, password: string) {
  await userEvent.type(screen.getByLabelText('E-mail or username'), login);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('offers the social providers the server lists, never Apple on the web', async () => {
    setup('/login');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Apple/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('button', { name: 'Play as guest' })).toBeTruthy();
  });

  it('shows no social button while social sign-in is off', async () => {
    const { calls } = setup('/login', {
      'GET /v1/config': { socialLogin: false, loginMethods: ['local', 'guest'] },
    });
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/config')).toBe(true));
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
  });

  it('checks the fields before sending', async () => {
    const { calls } = setup('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your e-mail or username.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v1/auth/login')).toBe(false);
  });

  it("signs in and goes to the remembered page; a wrong password shows the server's one message", async () => {
    let attempts = 0;
    const { calls, router } = setup('/login?redirect=%2Fhistory', {});
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push({ method: init.method ?? 'GET', path, body: init.body, headers: {} });
      if (path === '/v1/config') return new Response(JSON.stringify({ loginMethods: ['local'] }));
      attempts += 1;
      return attempts === 1
        ? error(401, 'The e-mail/username or password is not right.', 'INVALID_CREDENTIALS')
        : new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
    });
    await fillAndSubmit('ada', 'wrong password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The e-mail/username or password is not right.',
    );
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'right password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/history'));
    expect(isSignedIn()).toBe(true);
    expect(getStrategy()).toBe('local');
    expect(JSON.parse(String(calls.at(-1)?.body))).toEqual({
      strategy: 'local',
      username: 'ada',
      password: 'right password',
    });
  });

  it('ignores a redirect to another site', async () => {
    const { router } = setup('/login?redirect=%2F%2Fexample.org', {
      'POST /v1/auth/login': answer,
    });
    await fillAndSubmit('ada', 'secret password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('an unverified account is offered the link again', async () => {
    const { calls } = setup('/login', {
      'POST /v1/auth/login': error(403, 'Please verify your e-mail first.', 'EMAIL_NOT_VERIFIED'),
      'POST /v1/auth/resend-verification': {
        message: 'If that address has an account, a new link is on its way.',
      },
    });
    await fillAndSubmit('ada@example.org', 'secret password');
    await userEvent.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('If that address has an account, a new link is on its way.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/auth/resend-verification')?.body).toEqual({
      email: 'ada@example.org',
    });
  });

  it('an account removed by an administrator goes to /adminRemoved', async () => {
    const { router } = setup('/login', {
      'POST /v1/auth/login': error(403, 'This account was removed by an administrator.', 'ACCOUNT_REMOVED'),
    });
    await fillAndSubmit('ada', 'secret password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminRemoved'));
  });
});

describe('LoginPage as the sign-in callback', () => {
  it('posts the code and state with the strategy this tab started, then goes to the wanted page', async () => {
    sessionStorage.setItem(
      'sayspell.social-sign-in',
      JSON.stringify({ provider: 'facebook', redirect: '/history' }),
    );
    const { calls, router } = setup('/login?code=the-code&state=the-state', {
      'POST /v1/auth/login': answer,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/history'));
    const posts = calls.filter((c) => c.path === '/v1/auth/login');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ strategy: 'facebook', code: 'the-code', state: 'the-state' });
    expect(getStrategy()).toBe('facebook');
  });

  it('says so when the player refused consent', async () => {
    sessionStorage.setItem('sayspell.social-sign-in', JSON.stringify({ provider: 'google', redirect: '/' }));
    const { calls, router } = setup('/login?error=access_denied&state=s');
    expect((await screen.findByRole('alert')).textContent).toContain(CONSENT_REFUSED);
    expect(calls.some((c) => c.path === '/v1/auth/login')).toBe(false);
    expect(router.state.location.search).toBe('');
  });

  it('refuses an answer this tab did not ask for', async () => {
    const { calls } = setup('/login?code=c&state=s');
    expect((await screen.findByRole('alert')).textContent).toContain(NOT_STARTED_HERE);
    expect(calls.some((c) => c.path === '/v1/auth/login')).toBe(false);
  });

  it("shows the server's state-mismatch message", async () => {
    sessionStorage.setItem('sayspell.social-sign-in', JSON.stringify({ provider: 'google', redirect: '/' }));
    setup('/login?code=c2&state=s2', {
      'POST /v1/auth/login': error(
        400,
        'This sign-in answer does not belong to this browser.',
        'STATE_MISMATCH',
      ),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('does not belong to this browser');
    expect(isSignedIn()).toBe(false);
  });
});
