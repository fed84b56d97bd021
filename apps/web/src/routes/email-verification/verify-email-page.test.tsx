import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { CheckInboxPage } from './check-inbox-page.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

const token = 'a'.repeat(43);

function setup(answers: Record<string, unknown>, path = `/email-verification/${token}`, state?: unknown) {
  const { fetchMock, calls } = mockFetch(answers);
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/email-verification', element: <CheckInboxPage /> },
      { path: '/email-verification/:token', element: <VerifyEmailPage /> },
      { path: '/login', element: <p>login</p> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  renderWithProviders(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { calls, router };
}

describe('e-mail verification', () => {
  it('posts the token from the link once and offers to sign in', async () => {
    const { calls, router } = setup({
      'POST /v1/auth/verify-email': { message: 'Verified.', email: 'ada@example.org' },
    });
    expect(await screen.findByRole('heading', { name: 'Your e-mail is verified' })).toBeTruthy();
    expect(screen.getByText('ada@example.org')).toBeTruthy();
    expect(calls).toEqual([expect.objectContaining({ path: '/v1/auth/verify-email', body: { token } })]);
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("shows the server's reason and a resend form for a spent or expired link", async () => {
    const { calls } = setup({
      'POST /v1/auth/verify-email': new Response(
        JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'This link has expired.' }),
        { status: 400, headers: { 'Content-Type': 'application/json' } },
      ),
      'POST /v1/auth/resend-verification': { message: 'A new link is on its way.' },
    });
    expect(await screen.findByRole('heading', { name: 'This link did not work' })).toBeTruthy();
    expect(screen.getByText('This link has expired.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Your e-mail'), 'ada@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('A new link is on its way.')).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ email: 'ada@example.org' });
  });

  it('after registering says where the link went and can send it again', async () => {
    const { calls } = setup(
      { 'POST /v1/auth/resend-verification': { message: 'A new link is on its way.' } },
      '/email-verification',
      { email: 'ada@example.org' },
    );
    expect(screen.getByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText('ada@example.org')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('A new link is on its way.')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: 'ada@example.org' });
  });
});
