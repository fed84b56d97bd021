import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { profileQuery } from '../../api/auth.ts';
import { queryClient } from '../../api/query-client.ts';
import { getAccessToken } from '../../auth/token-storage.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { ConfirmEmailChangePage } from '../email-change/confirm-email-change-page.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

// the forgot-password flow's pages against the server's answers (the server's side and the mail
// are in apps/server/test/account-recovery.integration.test.ts and e2e/specs/account-recovery.spec.ts)

const token = 'b'.repeat(43);
const ANSWER =
  'If an account uses that address, a link to choose a new password is on its way. It works for 1 hour.';
const refused = (message: string, code: string) =>
  new Response(JSON.stringify({ statusCode: 400, error: 'Bad Request', message, code }), {
    status: 400,
    headers: { 'Content-Type': 'application/json' },
  });

function setup(answers: Record<string, unknown>, path: string) {
  const { fetchMock, calls } = mockFetch(answers);
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/login', element: <p>login</p> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      { path: '/email-change/:token', element: <ConfirmEmailChangePage /> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { calls, router };
}

describe('forgot password', () => {
  it('checks the address, then sends it and shows the server’s one answer', async () => {
    const { calls } = setup(
      { 'POST /v1/auth/forgot-password': { message: ANSWER } },
      '/forgot-password?email=ada%40example.org',
    );
    const field = await screen.findByRole('textbox', { name: 'E-mail' });
    expect((field as HTMLInputElement).value).toBe('ada@example.org');
    await userEvent.clear(field);
    await userEvent.type(field, 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await userEvent.clear(field);
    await userEvent.type(field, ' Ada@Example.org ');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText(ANSWER)).toBeTruthy();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/auth/forgot-password',
        body: { email: 'Ada@Example.org' },
      }),
    ]);
  });

  it('a link that no longer works says why before any form, and offers a new one', async () => {
    const { calls } = setup(
      {
        'POST /v1/auth/reset-link': refused(
          'This password reset link has expired. Ask for a new one.',
          'LINK_EXPIRED',
        ),
      },
      `/reset-password/${token}`,
    );
    expect(await screen.findByRole('heading', { name: 'This link did not work' })).toBeTruthy();
    expect(screen.getByText('This password reset link has expired. Ask for a new one.')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Send me a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(calls.every((c) => c.path === '/v1/auth/reset-link')).toBe(true);
  });

  it('sets the new password once both fields agree, signs in and goes home', async () => {
    const { calls, router } = setup(
      {
        'POST /v1/auth/reset-link': { valid: true },
        'POST /v1/auth/reset-password': {
          token: {
            accessToken: 'new-access',
            refreshToken: 'new-refresh',
            expiresIn: 900,
            tokenType: 'Bearer',
          },
          user: { id: 'u-1', _id: 'u-1', username: 'ada', role: 'user' },
        },
      },
      `/reset-password/${token}`,
    );
    const password = await screen.findByLabelText('New password');
    await userEvent.type(password, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('A password has at least 8 characters.')).toBeTruthy();
    await userEvent.clear(password);
    await userEvent.type(password, 'a brand new secret 7');
    await userEvent.type(screen.getByLabelText('New password again'), 'a brand new secret 8');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The two passwords are not the same.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v1/auth/reset-password')).toBe(false);
    await userEvent.clear(screen.getByLabelText('New password again'));
    await userEvent.type(screen.getByLabelText('New password again'), 'a brand new secret 7');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.path === '/v1/auth/reset-password')?.body).toEqual({
      token,
      newPassword: 'a brand new secret 7',
    });
    expect(getAccessToken()).toBe('new-access');
  });
});

describe('change of e-mail', () => {
  it('the link from the new inbox confirms once and shows the new address', async () => {
    const { calls } = setup(
      { 'POST /v1/auth/confirm-email-change': { email: 'new@example.org', message: 'ok' } },
      `/email-change/${token}`,
    );
    expect(await screen.findByRole('heading', { name: 'Your e-mail is changed' })).toBeTruthy();
    expect(screen.getByText('new@example.org')).toBeTruthy();
    // strict mode renders twice; the link is spent once
    expect(calls.filter((c) => c.path === '/v1/auth/confirm-email-change')).toHaveLength(1);
  });

  it('a profile read begun before the change does not keep the old address afterwards', async () => {
    let reads = 0;
    let answerOld: (user: unknown) => void = () => {};
    const answers: Record<string, unknown> = {
      'POST /v1/auth/confirm-email-change': { email: 'new@example.org', message: 'ok' },
    };
    // the app's first load asks for the profile; its answer (the old address) comes late
    Object.defineProperty(answers, 'GET /v1/users/profile', {
      enumerable: true,
      get: () =>
        ++reads === 1
          ? new Promise((resolve) => {
              answerOld = resolve;
            })
          : { _id: 'u1', email: 'new@example.org' },
    });
    const { fetchMock } = mockFetch(answers);
    vi.stubGlobal('fetch', fetchMock);
    queryClient.clear();
    void queryClient.prefetchQuery(profileQuery);
    await waitFor(() => expect(reads).toBe(1));
    const router = createMemoryRouter(
      [{ path: '/email-change/:token', element: <ConfirmEmailChangePage /> }],
      {
        initialEntries: [`/email-change/${token}`],
      },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Your e-mail is changed' })).toBeTruthy();
    answerOld({ _id: 'u1', email: 'old@example.org' });
    await new Promise((r) => setTimeout(r, 50));
    // the account page, mounted now, shows what the server says after the change
    expect((await queryClient.fetchQuery(profileQuery)).email).toBe('new@example.org');
  });
});
