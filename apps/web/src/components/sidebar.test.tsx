import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { isSignedIn, storeTokens } from '../auth/token-storage.ts';
import { guestClaim } from '../routes/register/guest-claim.ts';
import { mockFetch, renderWithProviders } from '../test/render.tsx';
import { Sidebar } from './sidebar.tsx';

function links(isGuest: boolean) {
  const router = createMemoryRouter([
    { path: '/', element: <Sidebar isGuest={isGuest} onNavigate={() => {}} /> },
  ]);
  renderWithProviders(<RouterProvider router={router} />);
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return Object.fromEntries(
    within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]),
  );
}

function entries(isGuest: boolean) {
  const router = createMemoryRouter([
    { path: '/', element: <Sidebar isGuest={isGuest} onNavigate={() => {}} /> },
    { path: '/register', element: <p>register</p> },
  ]);
  renderWithProviders(<RouterProvider router={router} />);
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return {
    router,
    labels: Array.from(nav.querySelectorAll('a, button'), (e) => e.textContent),
  };
}

describe('Sidebar', () => {
  it('lists exactly the entries of §2 per role', () => {
    expect(entries(true).labels).toEqual(['Home', 'Game History', 'Leaderboard', 'Sign-up']);
  });

  it('lists the registered menu', () => {
    expect(entries(false).labels).toEqual([
      'Home',
      'Account Details',
      'Game History',
      'Settings',
      'Leaderboard',
      'Gift Cards',
      'Log Out',
    ]);
  });

  it("Sign-up keeps a claim on the guest's games, logs out, then opens /register after 0.5 s", async () => {
    storeTokens('guest', { accessToken: 'access', refreshToken: 'refresh' });
    const { fetchMock, calls } = mockFetch({
      'POST /v1/auth/guest-claim': { guestClaim: 'ticket-1' },
      'POST /api/auth/logout': {},
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = entries(true);
    const clicked = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Sign-up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(450);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/auth/guest-claim',
      'POST /api/auth/logout',
    ]);
    expect(calls[0]?.headers.Authorization).toBe('Bearer access');
    expect(calls[1]?.body).toEqual({ refreshToken: 'refresh' });
    expect(guestClaim()).toBe('ticket-1');
    expect(isSignedIn()).toBe(false);
  });

  it('gives guests history and leaderboard but no gift cards', () => {
    const guest = links(true);
    expect(guest['Game History']).toBe('/history');
    expect(guest.Leaderboard).toBe('/leaderboard');
    expect(guest['Gift Cards']).toBeUndefined();
  });

  it('gives registered players gift cards too', () => {
    const user = links(false);
    expect(user['Game History']).toBe('/history');
    expect(user.Leaderboard).toBe('/leaderboard');
    expect(user['Gift Cards']).toBe('/giftcards');
  });
});
