import type { UserView } from '@sayspell/core/protocol/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSocial } from '../social/social-contexts.tsx';
import { ME, me } from '../social/social-test-kit.tsx';
import { resetFakeSocket } from '../test/fake-socket.ts';
import { mockFetch, renderWithProviders } from '../test/render.tsx';
import { SocialMount, socialStores } from './social-mount.tsx';

vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** a page with something the player chose: mounted once, or the choice is lost */
let mounts = 0;
function Page() {
  const [picked, setPicked] = useState('nothing');
  const social = useSocial();
  useEffect(() => {
    mounts++;
  }, []);
  return (
    <>
      <button type="button" onClick={() => setPicked('Anatomy')}>
        picked {picked}
      </button>
      <p>{social ? `social: ${social.me.username}` : 'no social yet'}</p>
    </>
  );
}

/** the app layout's part: the player signs in and out around the page */
function Layout({ first }: { first: UserView | null }) {
  const [user, setUser] = useState(first);
  return (
    <>
      <button type="button" onClick={() => setUser(user ? null : me)}>
        {user ? 'sign out' : 'sign in'}
      </button>
      <SocialMount me={user}>
        <Page />
      </SocialMount>
    </>
  );
}

function renderMount(first: UserView | null) {
  const router = createMemoryRouter([{ path: '/', element: <Layout first={first} /> }], {
    initialEntries: ['/'],
  });
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('SocialMount', () => {
  it('shows the page at once, mounted once: the stores arriving after it never reset what the player chose', async () => {
    localStorage.setItem('auth.strategy', 'guest');
    const socket = resetFakeSocket();
    socket.answers.subscribe = () => ({ ok: true, members: [ME] });
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    mounts = 0;
    // the stores' code is not loaded yet (the first paint of a signed-in player's page)
    renderMount(me);
    await userEvent.click(await screen.findByRole('button', { name: 'picked nothing' }));
    await socialStores.load();
    expect(await screen.findByText('social: ada')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'picked Anatomy' })).toBeTruthy();
    expect(mounts).toBe(1);
  });

  it('a sign-in and a sign-out neither remount the page nor leave a previous player’s social state', async () => {
    localStorage.setItem('auth.strategy', 'guest');
    const socket = resetFakeSocket();
    socket.answers.subscribe = () => ({ ok: true, members: [ME] });
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    mounts = 0;
    renderMount(null);
    await userEvent.click(await screen.findByRole('button', { name: 'picked nothing' }));
    expect(screen.getByText('no social yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'sign in' }));
    expect(await screen.findByText('social: ada')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'sign out' }));
    expect(await screen.findByText('no social yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'picked Anatomy' })).toBeTruthy();
    expect(mounts).toBe(1);
  });
});
