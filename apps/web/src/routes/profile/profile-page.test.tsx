import type { UserView } from '@sayspell/core/protocol/auth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../../auth/token-storage.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { ProfilePage } from './profile-page.tsx';

const local: UserView = {
  id: 'u-1',
  _id: 'u-1',
  username: 'ada',
  name: 'Ada',
  picture: 'avatar3.png',
  role: 'user',
  friends: [],
  hasConfirmedEULA: true,
  usersThatBlockedMe: [],
  usersThatIblocked: [],
  gameTimer: '90',
  email: 'ada@example.org',
  provider: 'local',
  hasPassword: true,
  createdAt: '2026-11-02T10:00:00.000Z',
};
const fail = (status: number, message: string, code: string) =>
  new Response(JSON.stringify({ statusCode: status, error: 'Error', message, code }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function setup(user: UserView, answers: Record<string, unknown> = {}) {
  storeTokens('local', { accessToken: 'a', refreshToken: 'r' });
  const { fetchMock, calls } = mockFetch({ 'GET /v1/users/profile': user, ...answers });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <ProfilePage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/profile'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { calls, router };
}

describe('ProfilePage', () => {
  it('shows the account details with the picture and the spec date format', async () => {
    setup(local);
    expect(await screen.findByText('ada@example.org')).toBeTruthy();
    expect(screen.getByText('E-mail and password')).toBeTruthy();
    expect(screen.getByText('November 2, 2026')).toBeTruthy();
    expect(screen.getByRole('img', { name: "ada's avatar" }).getAttribute('src')).toBe(
      '/v1/avatar/avatar3.png',
    );
  });

  it('sends only what changed and shows a taken username beside the field', async () => {
    const { calls } = setup(local, {
      'PATCH /v1/users/profile': fail(
        409,
        'That username is taken. Please choose another.',
        'USERNAME_TAKEN',
      ),
    });
    const form = await screen.findByRole('form', { name: 'Name and username' });
    const save = within(form).getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.clear(within(form).getByLabelText('Username'));
    await userEvent.type(within(form).getByLabelText('Username'), 'grace');
    await userEvent.click(save);
    expect(await within(form).findByText('That username is taken. Please choose another.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ username: 'grace' });
  });

  it('a wrong current password is said at that field', async () => {
    setup(local, {
      'POST /v1/users/change-password': fail(400, 'Your current password is not right.', 'WRONG_PASSWORD'),
    });
    const form = await screen.findByRole('form', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'nope nope');
    await userEvent.type(within(form).getByLabelText('New password'), 'short');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('A password has at least 8 characters.')).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText('New password'));
    await userEvent.type(within(form).getByLabelText('New password'), 'long enough now');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Your current password is not right.')).toBeTruthy();
  });

  it('a social account has no password form and confirms deletion with the word DELETE', async () => {
    const { calls, router } = setup(
      { ...local, provider: 'google', hasPassword: false },
      { 'DELETE /v1/users/profile': new Response(null, { status: 204 }), 'POST /api/auth/logout': {} },
    );
    await screen.findByText('Google');
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    const forever = within(dialog).getByRole('button', { name: 'Delete forever' }) as HTMLButtonElement;
    await userEvent.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    expect(forever.disabled).toBe(true);
    await userEvent.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
    await userEvent.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(forever);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ confirm: 'DELETE' });
  });
});
