import type { GameView } from '@sayspell/core/protocol/game';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getCurrentGameId, setCurrentGameId } from '../../api/current-game-id.ts';
import { storeTokens } from '../../auth/token-storage.ts';
import { loadSocketModule } from '../../realtime/use-app-socket.ts';
import { resetFakeSocket } from '../../test/fake-socket.ts';
import { GAME_ID, partneredGame, played, SPEAKER, SPELLER } from '../../test/games.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { resultsLoader } from './results-loader.ts';
import { ResultsPage } from './results-page.tsx';

vi.mock('../../realtime/socket.ts', () => import('../../test/fake-socket.ts'));
// the socket client loads after the page's first render (issue 22); here it is in before the tests
beforeAll(() => loadSocketModule());

const NEW_GAME = '44444444-4444-4444-8444-444444444444';
const words = [played('knight', 'night', true, ['night']), played('giraffe', 'jiraf', false)];

function finished(overrides: Partial<GameView> = {}): GameView {
  const now = Date.now();
  return partneredGame({
    status: 'finished',
    finished: true,
    words,
    results: words,
    currentIndex: 2,
    current: null,
    finishedAt: now - 2000,
    endedReason: 'time',
    serverNow: now,
    ...overrides,
  });
}

function renderResults(game: GameView, me = SPELLER, state: unknown = null) {
  const socket = resetFakeSocket();
  socket.answers = {
    'initiate-handshake': () => ({ ok: true, game }),
    unsubscribe: () => ({ ok: true }),
  };
  const router = createMemoryRouter(
    [
      {
        path: '/results/:id?',
        loader: () => ({
          game,
          me,
          partner: { _id: me === SPELLER ? SPEAKER : SPELLER, username: 'Quiet Otter' },
        }),
        element: <ResultsPage />,
        hydrateFallbackElement: <span hidden />,
      },
      { path: '/game', element: <p>on the game page</p> },
    ],
    { initialEntries: [{ pathname: `/results/${game._id}`, state }] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { socket, router };
}

const countdownSync = (startsIn: number) => {
  const serverNow = Date.now();
  return { id: GAME_ID, startsAt: serverNow + startsIn, serverNow };
};
const playAgainButton = () =>
  screen.getByRole('button', { name: /play again|waiting for/i }) as HTMLButtonElement;

describe('ResultsPage, partnered', () => {
  it('handshakes on the results channel every 100 ms until both players are there', async () => {
    const { socket } = renderResults(finished());
    expect(await screen.findByText('Waiting for Quiet Otter to see the results…')).toBeTruthy();
    await waitFor(() => expect(socket.count('initiate-handshake')).toBeGreaterThanOrEqual(3), {
      timeout: 1000,
    });
    expect(socket.emitted[0]).toEqual({
      event: 'initiate-handshake',
      payload: { gameId: GAME_ID, channel: 'results' },
    });
    expect(playAgainButton().disabled).toBe(true);

    socket.serve('handshake-response', { id: GAME_ID, online: { speaker: true, speller: true } });
    const sent = socket.count('initiate-handshake');
    await new Promise((r) => setTimeout(r, 350));
    expect(socket.count('initiate-handshake')).toBe(sent);
  });

  it('counts down from the synced start, then lets the player ask for a rematch and wait', async () => {
    const { socket } = renderResults(finished());
    await screen.findByText(/Waiting for Quiet Otter/);
    socket.serve('countdown-sync', countdownSync(2500));
    await waitFor(() => expect(playAgainButton().textContent).toBe('Play again in 3'));
    expect(playAgainButton().disabled).toBe(true);
    expect(socket.listening('countdown-sync')).toBe(true);

    await waitFor(() => expect(playAgainButton().disabled).toBe(false), { timeout: 4000 });
    expect(playAgainButton().textContent).toBe('Play again');
    expect(screen.getByText('Same partner, roles swapped.')).toBeTruthy();

    socket.answers['play-again'] = () => ({ ok: true, waiting: true });
    await userEvent.click(playAgainButton());
    expect(socket.emitted.find((e) => e.event === 'play-again')?.payload).toEqual({ gameId: GAME_ID });
    expect(await screen.findByText('Waiting for Quiet Otter to say yes…')).toBeTruthy();
    expect(playAgainButton().disabled).toBe(true);
  });

  it("shows the partner's rematch request, and goes to the new game once both have asked", async () => {
    const { socket, router } = renderResults(finished());
    await screen.findByText(/Waiting for Quiet Otter/);
    socket.serve('countdown-sync', countdownSync(-1000));
    socket.serve('play-again', { id: GAME_ID, requestedBy: SPEAKER });
    expect(await screen.findByText('Quiet Otter wants a rematch!')).toBeTruthy();
    await waitFor(() => expect(playAgainButton().disabled).toBe(false));

    socket.answers['play-again'] = () => ({ ok: true, waiting: false, gameId: NEW_GAME });
    await userEvent.click(playAgainButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(getCurrentGameId()).toBe(NEW_GAME);
  });

  it('follows the new game announced on the results channel', async () => {
    const { socket, router } = renderResults(finished(), SPEAKER);
    await screen.findByText(/Waiting for Quiet Otter/);
    socket.serve('play-again', { id: GAME_ID, gameId: NEW_GAME });
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(getCurrentGameId()).toBe(NEW_GAME);
  });

  it('says so when the partner has left the results', async () => {
    const { socket } = renderResults(finished());
    await screen.findByText(/Waiting for Quiet Otter/);
    socket.serve('countdown-sync', countdownSync(-1000));
    socket.serve('member-removed', { channel: `presence-results-${GAME_ID}`, userId: SPEAKER });
    expect(await screen.findByText('Quiet Otter has left.')).toBeTruthy();
    expect(playAgainButton().disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Find a new partner' }).getAttribute('href')).toBe('/');
  });

  it("shows the speaker their partner's guesses, the homophones and the role they played", async () => {
    renderResults(finished(), SPEAKER);
    expect(await screen.findByText('You were the speaker · with Quiet Otter')).toBeTruthy();
    expect(screen.getByText('Your partner typed')).toBeTruthy();
    expect(screen.getByText('Also accepted: night')).toBeTruthy();
    expect(screen.getByText('1 of 2 correct')).toBeTruthy();
  });

  it('after a partner left: the message, and no rematch', async () => {
    const { socket } = renderResults(finished({ endedReason: 'partner-left' }), SPEAKER, {
      partnerLeft: true,
    });
    expect(await screen.findByText('Your partner left the game')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New game' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /play again/i })).toBeNull();
    expect(socket.count('initiate-handshake')).toBe(0);
  });
});

describe('resultsLoader', () => {
  const request = new Request('http://localhost/results');

  it('without an id and no game in this tab, shows the latest game from the history', async () => {
    storeTokens('guest', { accessToken: 'access', refreshToken: 'refresh' });
    const game = finished();
    const { fetchMock, calls } = mockFetch({
      'GET /v1/users/profile': { _id: SPELLER, username: 'me', role: 'guest' },
      'GET /v1/history': {
        items: [{ _id: GAME_ID, partner: { _id: SPEAKER, username: 'Quiet Otter' } }],
        page: 1,
        pageSize: 1,
        total: 4,
      },
      [`GET /v1/game/${GAME_ID}`]: { data: game },
    });
    vi.stubGlobal('fetch', fetchMock);
    const data = await resultsLoader({ params: {}, request, context: undefined } as never);
    expect(data.game?._id).toBe(GAME_ID);
    expect(data.partner?.username).toBe('Quiet Otter');
    const history = calls.find((c) => c.path === '/v1/history');
    expect(history).toBeTruthy();
  });

  it("prefers this tab's last game", async () => {
    storeTokens('guest', { accessToken: 'access', refreshToken: 'refresh' });
    setCurrentGameId(GAME_ID);
    const { fetchMock, calls } = mockFetch({
      'GET /v1/users/profile': { _id: SPELLER, username: 'me', role: 'guest' },
      [`GET /v1/game/${GAME_ID}`]: { data: finished({ solo: true, speaker: null }) },
    });
    vi.stubGlobal('fetch', fetchMock);
    const data = await resultsLoader({ params: {}, request, context: undefined } as never);
    expect(data.game?._id).toBe(GAME_ID);
    expect(calls.some((c) => c.path === '/v1/history')).toBe(false);
  });
});
