import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../routes.tsx';
import { renderWithProviders } from '../../test/render.tsx';
import { ErrorPage } from './error-page.tsx';

function renderAt(path: string, throwing?: () => never) {
  const router = createMemoryRouter(
    throwing
      ? [
          {
            path: '/',
            loader: throwing,
            element: <p>never</p>,
            errorElement: <ErrorPage />,
            hydrateFallbackElement: <span hidden />,
          },
        ]
      : routes,
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

describe('ErrorPage', () => {
  it('for an unknown path says the page could not be found and links home', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('This page could not be found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('uses the error message as the title', async () => {
    renderAt('/', () => {
      throw new Error('The game server is asleep');
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('The game server is asleep');
    expect(screen.queryByText('This page could not be found')).toBeNull();
  });

  it("falls back to 'Error' when there is no message", async () => {
    renderAt('/', () => {
      throw 42;
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Error');
  });
});
