import { PRESENCE_DELAY_MS } from '@sayspell/core/constants';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OnlineUsers } from './online-users.tsx';
import { ME, onlineUser, renderSocial } from './social-test-kit.tsx';

vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'));

// a guest without the EULA who clicks Chat or Invite is asked first (§6); 'I Understand' saves it
// and goes on with the click, 'Not now' does nothing

const tick = { timeout: PRESENCE_DELAY_MS * 6 };

async function listWithGrace() {
  const world = renderSocial(<OnlineUsers />, { members: [ME, 'id-grace'] });
  world.server.online = [onlineUser('grace')];
  await waitFor(() => expect(screen.getByRole('button', { name: 'Invite grace' })).toBeTruthy(), tick);
  return world;
}

describe('the EULA before a first chat or invite', { timeout: 30_000 }, () => {
  it('asks before the invite, saves the answer, then opens the invite', async () => {
    const { calls } = await listWithGrace();
    fireEvent.click(screen.getByRole('button', { name: 'Invite grace' }));
    expect(await screen.findByText('Before you chat or invite')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send invite' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I Understand' }));
    expect(await screen.findByRole('button', { name: 'Send invite' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/v1/users/confirm-eula').map((c) => c.body)).toEqual([
      { userId: ME },
    ]);
    // asked once: the next click goes straight on
    fireEvent.click(screen.getByRole('button', { name: /cancel/i }));
    fireEvent.click(screen.getByRole('button', { name: 'Chat with grace' }));
    expect(screen.queryByText('Before you chat or invite')).toBeNull();
  });

  it('Not now leaves the chat closed and saves nothing', async () => {
    const { calls } = await listWithGrace();
    fireEvent.click(screen.getByRole('button', { name: 'Chat with grace' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByText('Before you chat or invite')).toBeNull());
    expect(calls.some((c) => c.path === '/v1/users/confirm-eula')).toBe(false);
  });
});
