import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { GiftCards } from '../../api/stats.ts';
import { storeTokens } from '../../auth/token-storage.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { GiftCardsPage } from './giftcards-page.tsx';

const progress: GiftCards = {
  cards: [
    { id: 'first', soloTarget: 20, partneredTarget: 10, solo: 4, partnered: 10, earned: false },
    { id: 'second', soloTarget: 50, partneredTarget: 25, solo: 4, partnered: 10, earned: false },
  ],
  conditions: {
    finishedEvery: { target: 0, value: 2, met: false },
    wordsPerGame: { target: 10, value: 14, met: true },
    topics: { target: 6, value: 7, met: true },
    average: { target: 0.8, value: 0.734, met: false },
  },
};

function renderPage(role: 'guest' | 'user') {
  storeTokens('guest', { accessToken: 'access', refreshToken: 'refresh' });
  const { fetchMock } = mockFetch({
    'GET /v1/giftcards': progress,
    'GET /v1/users/profile': { _id: 'u-1', username: 'Brave Lynx', role },
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/giftcards', element: <GiftCardsPage /> }], {
    initialEntries: ['/giftcards'],
  });
  renderWithProviders(<RouterProvider router={router} />);
}

describe('GiftCardsPage', () => {
  it('shows progress toward each card, solo or partnered', async () => {
    renderPage('user');
    const first = await screen.findByLabelText('First gift card');
    expect(within(first).getByText('4 / 20')).toBeTruthy();
    expect(within(first).getByText('10 / 10')).toBeTruthy();
    expect(within(first).getByText('In progress')).toBeTruthy();
    expect(within(first).getByLabelText('Partnered games: 10 of 10')).toBeTruthy();
    const second = screen.getByLabelText('Second gift card');
    expect(within(second).getByText('4 / 50')).toBeTruthy();
    expect(within(second).getByText('10 / 25')).toBeTruthy();
  });

  it('lists the four conditions, met or not, with the values so far', async () => {
    renderPage('user');
    await screen.findByText('Conditions');
    const rows = screen.getAllByRole('listitem');
    const row = (label: string) => rows.find((r) => within(r).queryByText(label))!;
    expect(within(row('Finish every game')).getByText('2 unfinished games')).toBeTruthy();
    expect(within(row('Finish every game')).getByText('Not met')).toBeTruthy();
    // the rule in a player's words: what makes a game unfinished, and what never does
    expect(
      within(row('Finish every game')).getByText(/leave it while its clock is still running/),
    ).toBeTruthy();
    expect(
      within(row('Spell 10 or more words per game')).getByText('14 games with 10 or more words'),
    ).toBeTruthy();
    expect(within(row('Spell 10 or more words per game')).getByText('Met')).toBeTruthy();
    expect(within(row('Play 6 or more topics')).getByText('7 of 6 topics')).toBeTruthy();
    expect(within(row('Average 80% or higher')).getByText('73% average so far')).toBeTruthy();
    expect(within(row('Average 80% or higher')).getByText('Not met')).toBeTruthy();
    expect(screen.queryByText(/playing as a guest/)).toBeNull();
  });

  it('tells a guest that cards go to registered players', async () => {
    renderPage('guest');
    expect(await screen.findByText(/You are playing as a guest/)).toBeTruthy();
  });
});
