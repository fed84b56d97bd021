import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { LeaveConfirm } from './leave-confirm.tsx';

// a running game asks before it is left (issue 15 item 7); the results and a game that is over pass

function Game({ running }: { running: boolean }) {
  const navigate = useNavigate();
  return (
    <>
      <LeaveConfirm running={running} partnered />
      <button type="button" onClick={() => navigate('/')}>
        Leave
      </button>
    </>
  );
}

function at(running: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/game', element: <Game running={running} /> },
      { path: '/', element: <p>home</p> },
      { path: '/results/:id', element: <p>results</p> },
    ],
    { initialEntries: ['/game'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('leaving a running game', () => {
  it('asks first; Keep playing stays, Leave game leaves', async () => {
    const router = at(true);
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText(/The game ends for your partner too/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep playing' }));
    await waitFor(() => expect(screen.queryByText('Leave this game?')).toBeNull());
    expect(router.state.location.pathname).toBe('/game');

    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave game' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('lets the results through, and asks nothing once the game is over', async () => {
    const running = at(true);
    await act(() => running.navigate('/results/g-1'));
    expect(running.state.location.pathname).toBe('/results/g-1');

    const over = at(false);
    await act(() => over.navigate('/'));
    expect(over.state.location.pathname).toBe('/');
  });
});
