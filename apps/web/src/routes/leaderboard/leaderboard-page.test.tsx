import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Leaderboard, LeaderboardEntry } from '../../api/stats.ts';
import { storeTokens } from '../../auth/token-storage.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { LeaderboardPage } from './leaderboard-page.tsx';

const ME = 'me-1';
const entry = (rank: number, overrides: Partial<LeaderboardEntry> = {}): LeaderboardEntry => ({
  rank,
  _id: `p-${rank}`,
  username: `Player ${rank}`,
  games: 5,
  wordsSpelt: 60 - rank,
  correct: 50 - rank,
  accuracy: Math.round((1 - rank / 100) * 1000) / 1000,
  ...overrides,
});

function serve(boards: Partial<Record<string, Leaderboard>>) {
  const periods: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const body =
      url.pathname === '/v1/users/profile'
        ? { _id: ME, id: ME, username: 'Brave Lynx', role: 'guest' }
        : boards[url.searchParams.get('period') ?? ''];
    if (url.pathname === '/v1/leaderboard') periods.push(url.searchParams.get('period') ?? '');
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  storeTokens('guest', { accessToken: 'access', refreshToken: 'refresh' });
  const router = createMemoryRouter([{ path: '/leaderboard', element: <LeaderboardPage /> }], {
    initialEntries: ['/leaderboard'],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return { periods, router };
}

const board = (overrides: Partial<Leaderboard>): Leaderboard => ({
  period: 'week',
  minGames: 3,
  entries: [],
  me: null,
  ...overrides,
});
const table = () => screen.getByRole('table');

describe('LeaderboardPage', () => {
  it('ranks the players, explains the rule and highlights the player', async () => {
    const entries = [entry(1), entry(2, { _id: ME, username: 'Brave Lynx' }), entry(3)];
    serve({
      week: board({ entries, me: { rank: 2, games: 5, wordsSpelt: 58, correct: 48, accuracy: 0.98 } }),
    });
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(4));
    expect(
      screen.getByText('Ranked by accuracy, then words spelt; at least 3 games in the period.'),
    ).toBeTruthy();
    const mine = within(table())
      .getAllByRole('row')
      .find((r) => r.getAttribute('data-me') !== null)!;
    expect(within(mine).getByText('Brave Lynx')).toBeTruthy();
    expect(within(mine).getByText('(you)')).toBeTruthy();
    expect(within(mine).getByText('98%')).toBeTruthy();
    expect(screen.getByText('#2')).toBeTruthy();
  });

  it("shows the player's own rank after the list when it is outside it", async () => {
    const entries = [entry(1), entry(2), entry(3)];
    serve({
      week: board({ entries, me: { rank: 57, games: 4, wordsSpelt: 40, correct: 12, accuracy: 0.3 } }),
    });
    await waitFor(() => expect(screen.getByText('#57')).toBeTruthy());
    const rows = within(table()).getAllByRole('row');
    const last = rows[rows.length - 1]!;
    expect(last.getAttribute('aria-current')).toBe('true');
    expect(within(last).getByText('57')).toBeTruthy();
    expect(within(last).getByText('Brave Lynx')).toBeTruthy();
    expect(within(last).getByText('30%')).toBeTruthy();
    expect(screen.getByText('30% accuracy')).toBeTruthy();
    expect(screen.getByText('40 words · 4 games')).toBeTruthy();
  });

  it('says how to get a place when the player is not ranked', async () => {
    serve({ week: board({ entries: [entry(1)] }) });
    expect(await screen.findByText('Not ranked yet: finish 3 games this week to get a place.')).toBeTruthy();
    expect(within(table()).queryByText('(you)')).toBeNull();
  });

  it('charts the top ten by accuracy', async () => {
    const entries = Array.from({ length: 12 }, (_, i) => entry(i + 1));
    serve({ week: board({ entries }) });
    const chart = await screen.findByRole('figure', { name: 'Top 10 by accuracy' });
    const bars = within(chart).getAllByRole('listitem');
    expect(bars).toHaveLength(10);
    expect(bars[0]!.textContent).toBe('Player 199%');
    expect(bars[9]!.textContent).toBe('Player 1090%');
  });

  it('switches the period', async () => {
    const { periods, router } = serve({
      week: board({ entries: [entry(1)] }),
      all: board({ period: 'all', entries: [entry(1, { username: 'Old Hand' })] }),
    });
    await screen.findByText('Player 1', { selector: 'td' });
    await userEvent.click(screen.getByRole('radio', { name: 'All time' }));
    expect(await screen.findByText('Old Hand', { selector: 'td' })).toBeTruthy();
    expect(periods).toEqual(['week', 'all']);
    expect(router.state.location.search).toBe('?period=all');
  });

  it('has an empty state when no one is ranked', async () => {
    serve({ week: board({}) });
    expect(await screen.findByText('No one is ranked yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
