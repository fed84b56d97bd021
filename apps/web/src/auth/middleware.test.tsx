import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, isRouteErrorResponse, RouterProvider, useRouteError } from 'react-router';
import { describe, expect, it } from 'vitest';
import { protectRoutes, runMiddleware } from './middleware.ts';
import { isLocalPath, redirectTarget } from './redirect-target.ts';
import { storeTokens } from './token-storage.ts';

const url = (path: string) => new URL(path, 'http://localhost');
const signIn = () => storeTokens('guest', { accessToken: 'access', refreshToken: 'refresh' });

describe('runMiddleware', () => {
  it('sends a signed-out visitor of a protected page to /login, remembering the page', () => {
    const res = runMiddleware('auth', { url: url('/results/abc?x=1'), signedIn: false });
    expect(res?.status).toBe(302);
    expect(res?.headers.get('Location')).toBe('/login?redirect=%2Fresults%2Fabc%3Fx%3D1');
  });

  it('lets a signed-in user through a protected page', () => {
    expect(runMiddleware('auth', { url: url('/game'), signedIn: true })).toBeNull();
  });

  it('sends a signed-in user away from guest-only pages to home', () => {
    expect(runMiddleware('guest', { url: url('/login'), signedIn: true })?.headers.get('Location')).toBe('/');
    expect(runMiddleware('guest', { url: url('/login'), signedIn: false })).toBeNull();
  });

  it('lets everyone through open pages', () => {
    expect(runMiddleware('open', { url: url('/'), signedIn: false })).toBeNull();
    expect(runMiddleware('open', { url: url('/'), signedIn: true })).toBeNull();
  });

  it("throws a 500 'Unknown middleware' for a name it does not know", () => {
    let thrown: unknown;
    try {
      runMiddleware('admin', { url: url('/'), signedIn: true });
    } catch (err) {
      thrown = err;
    }
    // react-router turns this into a 500 error response (the router test below renders it)
    expect(thrown).toMatchObject({ data: { message: 'Unknown middleware' }, init: { status: 500 } });
  });
});

describe('redirect targets', () => {
  it.each([
    ['/game', true],
    ['/results/1?a=b', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['https://evil.example/', false],
    ['javascript:alert(1)', false],
    ['', false],
    [null, false],
  ])('%s is local: %s', (path, local) => {
    expect(isLocalPath(path)).toBe(local);
  });

  it('falls back to home for anything that is not a local path', () => {
    expect(redirectTarget('//evil.example')).toBe('/');
    expect(redirectTarget('/results')).toBe('/results');
  });
});

function ShowError() {
  const err = useRouteError();
  return (
    <p>
      {isRouteErrorResponse(err) ? `${err.status} ${(err.data as { message: string }).message}` : 'other'}
    </p>
  );
}

function renderRoutes(path: string) {
  const router = createMemoryRouter(
    protectRoutes([
      {
        path: '/',
        handle: { middleware: 'open' },
        errorElement: <ShowError />,
        hydrateFallbackElement: <span hidden />,
        children: [
          { index: true, handle: { middleware: 'open' }, element: <p>home</p> },
          { path: 'login', handle: { middleware: 'guest' }, element: <p>login</p> },
          { path: 'secret', element: <p>secret</p> },
          { path: 'odd', handle: { middleware: 'nonsense' as 'open' }, element: <p>odd</p> },
        ],
      },
    ]),
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('protectRoutes', () => {
  it('protects a route without a handle (auth is the default)', async () => {
    const router = renderRoutes('/secret');
    await screen.findByText('login');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fsecret');
  });

  it('shows a protected route to a signed-in user', async () => {
    signIn();
    renderRoutes('/secret');
    expect(await screen.findByText('secret')).toBeTruthy();
  });

  it('sends a signed-in user from /login to home', async () => {
    signIn();
    const router = renderRoutes('/login');
    await screen.findByText('home');
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the error page for an unknown middleware', async () => {
    renderRoutes('/odd');
    await waitFor(() => expect(screen.getByText('500 Unknown middleware')).toBeTruthy());
  });
});
