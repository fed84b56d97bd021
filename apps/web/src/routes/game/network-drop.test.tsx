import type { GameView } from '@sayspell/core/protocol/game';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSocketModule } from '../../realtime/use-app-socket.ts';
import { resetFakeSocket } from '../../test/fake-socket.ts';
import { GAME_ID, partneredGame, SPEAKER, SPELLER } from '../../test/games.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { GamePage } from './game-page.tsx';

vi.mock('../../realtime/socket.ts', () => import('../../test/fake-socket.ts'));
// the socket client loads after the page's first render (issue 22); here it is in before the tests
beforeAll(() => loadSocketModule());

// a partner's dropped network (issue 20): the one who stayed sees how long the game waits; the
// one who dropped, back after the wait, is told it was their connection

function renderGame(game: GameView, me: string) {
  const socket = resetFakeSocket();
  let handshake = game;
  socket.answers = {
    subscribe: () => ({ ok: true }),
    unsubscribe: () => ({ ok: true }),
    'initiate-handshake': () => ({ ok: true, game: handshake }),
  };
  vi.stubGlobal('fetch', mockFetch({}).fetchMock);
  const router = createMemoryRouter(
    [
      {
        path: '/game',
        loader: () => ({ game, me }),
        element: <GamePage />,
        hydrateFallbackElement: <span />,
      },
      { path: '/results/:id', element: <p>results page</p> },
    ],
    { initialEntries: ['/game'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { socket, router, answerWith: (g: GameView) => (handshake = g) };
}

describe('GamePage, a dropped network', () => {
  it("shows the partner's reconnecting countdown, announced, and takes it away when they are back", async () => {
    const game = partneredGame();
    const { socket } = renderGame(game, SPEAKER);
    expect(await screen.findByText('You are the Speaker')).toBeTruthy();
    socket.serve('partner-reconnecting', {
      gameId: GAME_ID,
      userId: SPELLER,
      until: game.serverNow + 45_000,
    });
    expect(await screen.findByText(/Your partner is reconnecting — the game waits 0:4\d/)).toBeTruthy();
    // screen readers hear it in steps, not every second
    const announced = screen.getAllByRole('status').map((s) => s.textContent);
    expect(announced).toContain('Your partner is reconnecting. The game waits up to 0:45.');
    socket.serve('partner-back', { gameId: GAME_ID, userId: SPELLER });
    await waitFor(() => expect(screen.queryByTestId('partner-reconnecting')).toBeNull());
    expect(screen.queryByText('Your partner left the game')).toBeNull();
  });

  it('tells the one who dropped that they lost the connection when the game ended while they were away', async () => {
    const game = partneredGame();
    const { socket, router, answerWith } = renderGame(game, SPELLER);
    expect(await screen.findByLabelText('Your spelling')).toBeTruthy();
    socket.drop();
    answerWith(
      partneredGame({ status: 'finished', finished: true, endedReason: 'partner-left', version: 3 }),
    );
    socket.reconnect();
    expect(await screen.findByText('You lost the connection')).toBeTruthy();
    expect(screen.queryByText('Your partner left the game')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/results/${GAME_ID}`), {
      timeout: 5000,
    });
    expect(router.state.location.state).toBeNull();
  });
});
