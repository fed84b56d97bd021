import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
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

describe('Sidebar', () => {
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
