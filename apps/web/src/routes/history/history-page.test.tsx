import type { HistoryItem } from '@sayspell/core/protocol/game';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../../auth/token-storage.ts';
import { formatDate } from '../../components/format-date.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { HistoryPage } from './history-page.tsx';

const item = (n: number, overrides: Partial<HistoryItem> = {}): HistoryItem => ({
  _id: `game-${n}`,
  solo: false,
  language: 'English',
  category: 'category_animals',
  difficulty: 'beginner',
  role: 'speaker',
  partner: { _id: 'p-1', username: 'Quiet Otter' },
  correct: 7,
  played: 10,
  finishedAt: new Date(2026, 10, 22, 18, 30).getTime() - n * 86_400_000,
  endedReason: 'time',
  ...overrides,
});

/** answers /v1/history with `total` games, ten a page, newest first */
function serveHistory(total: number) {
  const pages: number[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    pages.push(page);
    const from = (page - 1) * pageSize;
    const items = Array.from({ length: Math.max(0, Math.min(pageSize, total - from)) }, (_, i) =>
      item(from + i),
    );
    return new Response(JSON.stringify({ items, page, pageSize, total }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return pages;
}

function renderHistory(url = '/history') {
  storeTokens('guest', { accessToken: 'access', refreshToken: 'refresh' });
  const router = createMemoryRouter(
    [
      { path: '/history', element: <HistoryPage /> },
      { path: '/results/:id', element: <p>results</p> },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const rows = () => within(screen.getByRole('list', { name: 'Games' })).getAllByRole('link');

describe('formatDate', () => {
  it("writes dates as 'MMMM D, Y'", () => {
    expect(formatDate(new Date(2026, 10, 22, 23, 59).getTime())).toBe('November 22, 2026');
    expect(formatDate(new Date(2027, 0, 5, 0, 1).getTime())).toBe('January 5, 2027');
  });
});

describe('HistoryPage', () => {
  it('lists the games newest first with date, mode and role, partner, topic and a coloured score', async () => {
    serveHistory(3);
    renderHistory();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const first = rows()[0]!;
    expect(first.getAttribute('href')).toBe('/results/game-0');
    expect(within(first).getByText('November 22, 2026')).toBeTruthy();
    expect(within(first).getByText('Partnered · Speaker')).toBeTruthy();
    expect(within(first).getByText('with Quiet Otter')).toBeTruthy();
    expect(within(first).getByText('Animals · Beginner')).toBeTruthy();
    const score = within(first).getByLabelText('Score 7 of 10');
    expect(score.textContent).toBe('7/10');
    expect(score.getAttribute('data-score')).toBe('good');
    expect(within(rows()[1]!).getByText('November 21, 2026')).toBeTruthy();
    expect(screen.getByText('3 games')).toBeTruthy();
  });

  it('pages through the games ten at a time', async () => {
    const pages = serveHistory(25);
    const router = renderHistory();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows()[0]!.getAttribute('href')).toBe('/results/game-20');
    expect(router.state.location.search).toBe('?page=3');
    expect(pages).toEqual([1, 3]);
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(rows()[0]!.getAttribute('href')).toBe('/results/game-10'));
  });

  it('opens on the page in the url', async () => {
    const pages = serveHistory(25);
    renderHistory('/history?page=2');
    await waitFor(() => expect(rows()[0]!.getAttribute('href')).toBe('/results/game-10'));
    expect(pages).toEqual([2]);
  });

  it('has a friendly empty state', async () => {
    serveHistory(0);
    renderHistory();
    expect(await screen.findByText('No games yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Play a game' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
