import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../auth/token-storage.ts';
import { HomePage } from '../routes/home/home-page.tsx';
import { mockFetch, renderWithProviders } from '../test/render.tsx';

function renderHome(
  role: 'guest' | 'user',
  firstSteps = { hasConfirmedEULA: true, needsDemographic: false },
) {
  storeTokens('guest', { accessToken: 'access', refreshToken: 'refresh' });
  const { fetchMock } = mockFetch({
    'GET /v1/users/profile': { _id: 'u-1', id: 'u-1', username: 'Brave Lynx', role, ...firstSteps },
    'GET /v1/languages': [{ name: 'English', enabled: true }],
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/', element: <HomePage /> },
      { path: '/giftcards', element: <p>gift cards page</p> },
    ],
    { initialEntries: ['/'] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('gift-card promotion', () => {
  it('is shown to a registered player until dismissed, and remembers the dismissal', async () => {
    const before = Date.now();
    const { unmount } = renderHome('user');
    // the popup and the home's setup load lazily: a first import in a busy test run can take seconds
    expect(await screen.findByRole('dialog', { name: 'Win a gift card!' }, { timeout: 10_000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Maybe later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const stored = Number(localStorage.getItem('giftcardShow'));
    expect(stored).toBeGreaterThanOrEqual(before);
    expect(stored).toBeLessThanOrEqual(Date.now());

    unmount();
    renderHome('user');
    await screen.findByText('Hi, Brave Lynx', {}, { timeout: 10_000 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"See my progress" opens the gift cards and counts as a dismissal', async () => {
    renderHome('user');
    await userEvent.click(await screen.findByRole('link', { name: 'See my progress' }, { timeout: 10_000 }));
    expect(await screen.findByText('gift cards page')).toBeTruthy();
    expect(localStorage.getItem('giftcardShow')).not.toBeNull();
  });

  it('waits until a new account has confirmed the EULA and filled the demographic form', async () => {
    renderHome('user', { hasConfirmedEULA: false, needsDemographic: true });
    await screen.findByText('Hi, Brave Lynx', {}, { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Win a gift card!')).toBeNull();
  });

  it('is never shown to a guest', async () => {
    renderHome('guest');
    await screen.findByText('Hi, Brave Lynx', {}, { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Win a gift card!')).toBeNull();
  });
});
