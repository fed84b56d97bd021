import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME, me } from '../social/social-test-kit.tsx';
import { resetFakeSocket } from '../test/fake-socket.ts';
import { mockFetch, renderWithProviders } from '../test/render.tsx';
import { SocialMount, socialProvider } from './social-mount.tsx';

vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** a page with something the player chose: mounted once, or the choice is lost */
let mounts = 0;
function Page() {
  const [picked, setPicked] = useState('nothing');
  useEffect(() => {
    mounts++;
  }, []);
  return (
    <button type="button" onClick={() => setPicked('Anatomy')}>
      picked {picked}
    </button>
  );
}

describe('SocialMount', () => {
  it('mounts the page once, inside the provider: its arrival never resets what the player chose', async () => {
    localStorage.setItem('auth.strategy', 'guest');
    const socket = resetFakeSocket();
    socket.answers.subscribe = () => ({ ok: true, members: [ME] });
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    mounts = 0;
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <SocialMount me={me}>
              <Page />
            </SocialMount>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    // the provider's code is not loaded yet (a guest who has just signed in)
    renderWithProviders(<RouterProvider router={router} />);
    await socialProvider.load();
    await userEvent.click(await screen.findByRole('button', { name: 'picked nothing' }));
    expect(screen.getByRole('button', { name: 'picked Anatomy' })).toBeTruthy();
    expect(mounts).toBe(1);
  });
});
