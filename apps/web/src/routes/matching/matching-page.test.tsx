import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { getCurrentGameId } from '../../api/current-game-id.ts';
import { storeTokens } from '../../auth/token-storage.ts';
import { resetFakeSocket } from '../../test/fake-socket.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { matchingLoader } from './matching-loader.ts';
import { MatchingPage } from './matching-page.tsx';

vi.mock('../../realtime/socket.ts', () => import('../../test/fake-socket.ts'));

const user = { _id: 'u-1', id: 'u-1', username: 'guest-fox', role: 'guest' };
const settingsUrl =
  '/matching?language=English&difficulty=intermediate&category=category_animals&role=either';

function setup(matchingAnswer: unknown = { status: 'waiting' }, url = settingsUrl, strict = false) {
  storeTokens('guest', { accessToken: 'access', refreshToken: 'refresh' });
  const socket = resetFakeSocket();
  const { fetchMock, calls } = mockFetch({
    'GET /v1/users/profile': user,
    'POST /v1/matching': matchingAnswer,
    'DELETE /v1/matching': { removed: true },
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      {
        path: '/matching',
        loader: matchingLoader,
        element: <MatchingPage />,
        hydrateFallbackElement: <span />,
      },
      { path: '/game', element: <p>on the game page</p> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: ['/', url], initialIndex: 1 },
  );
  const app = <RouterProvider router={router} />;
  renderWithProviders(strict ? <StrictMode>{app}</StrictMode> : app);
  const matchingCalls = (method: string) =>
    calls.filter((c) => c.method === method && c.path === '/v1/matching');
  return { socket, router, calls, matchingCalls };
}

describe('MatchingPage', () => {
  it('enters the queue with the chosen settings and waits, showing them', async () => {
    const { matchingCalls } = setup();
    expect(await screen.findByText('Finding you a partner…')).toBeTruthy();
    await waitFor(() => expect(matchingCalls('POST')).toHaveLength(1));
    expect(matchingCalls('POST')[0]?.body).toEqual({
      language: 'English',
      difficulty: 'intermediate',
      category: 'category_animals',
      role: 'either',
      gameTimer: '90',
    });
    expect(await screen.findByText(/^Waiting 0:0\d$/)).toBeTruthy();
    expect(screen.getByText('Either')).toBeTruthy();
    expect(screen.getByText('Animals')).toBeTruthy();
    expect(screen.getByText('Intermediate')).toBeTruthy();
    expect(screen.getByText('English')).toBeTruthy();
  });

  it('on match-found stores the game and moves to /game', async () => {
    const { socket, router } = setup();
    expect(await screen.findByText(/^Waiting 0:0\d$/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/matching');
    socket.serve('match-found', { gameId: 'game-9' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(getCurrentGameId()).toBe('game-9');
  });

  it('goes to the game at once when the queue answers matched', async () => {
    const { router, matchingCalls } = setup({ status: 'matched', game: { _id: 'game-7' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(getCurrentGameId()).toBe('game-7');
    // a matched player is not taken out of the queue (there is nothing to take)
    await new Promise((r) => setTimeout(r, 20));
    expect(matchingCalls('DELETE')).toHaveLength(0);
  });

  it('Cancel leaves the queue and goes home', async () => {
    const { router, matchingCalls } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(matchingCalls('DELETE').length).toBeGreaterThanOrEqual(1);
    expect(getCurrentGameId()).toBeNull();
  });

  it('leaving the page removes the entry, even when it is closed', async () => {
    const { router, calls, matchingCalls } = setup();
    expect(await screen.findByText(/^Waiting 0:0\d$/)).toBeTruthy();
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(matchingCalls('DELETE')).toHaveLength(1));
    await router.navigate('/');
    await waitFor(() => expect(matchingCalls('DELETE')).toHaveLength(2));
    expect(
      calls.filter((c) => c.method === 'DELETE').every((c) => c.headers.Authorization === 'Bearer access'),
    ).toBe(true);
  });

  it('a remount (strict mode) is not leaving: one entry, no removal', async () => {
    const { matchingCalls } = setup(undefined, settingsUrl, true);
    expect(await screen.findByText(/^Waiting 0:0\d$/)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 30));
    expect(matchingCalls('POST')).toHaveLength(1);
    expect(matchingCalls('DELETE')).toHaveLength(0);
  });

  it('without settings in the url there is nothing to match: back home', async () => {
    const { router, matchingCalls } = setup(undefined, '/matching?role=juggler');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(matchingCalls('POST')).toHaveLength(0);
  });
});
