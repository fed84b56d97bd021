import { PRESENCE_DELAY_MS } from '@sayspell/core/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChatPopup } from './chat-popup.tsx';
import { OnlineUsers } from './online-users.tsx';
import { ME, onlineUser, person, renderSocial } from './social-test-kit.tsx';

vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'));

// issue 15 item 5: friends who are offline, the players I blocked, and the unread chat of a player
// who left are all within reach from the players card

const tick = { timeout: PRESENCE_DELAY_MS * 6 };
const confirmEula = () => {
  // the test player has not confirmed the EULA: chat asks first (§6)
  const ok = screen.queryByRole('button', { name: 'I Understand' });
  if (ok) fireEvent.click(ok);
};

describe('the players card', { timeout: 30_000 }, () => {
  it('lists offline friends with their status; they can be chatted with, not invited', async () => {
    const world = renderSocial(
      <>
        <OnlineUsers />
        <ChatPopup />
      </>,
      { members: [ME, 'id-zed'] },
    );
    world.server.online = [onlineUser('zed', { friend: true })];
    world.server.people.friends = [
      person('zed', { friend: true, online: true }),
      person('amy', { friend: true, online: false }),
    ];
    world.answers['GET /v1/get-chat-messages'] = { messages: [] };
    world.answers['POST /v1/chat/read'] = {};
    fireEvent.click(await screen.findByRole('radio', { name: /Friends/ }));
    const list = await screen.findByRole('list', { name: 'Friends' }, tick);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2), tick);
    const [zed, amy] = within(list).getAllByRole('listitem');
    expect(zed?.textContent).toContain('Idle');
    expect(amy?.textContent).toContain('Offline');
    expect(within(amy as HTMLElement).queryByRole('button', { name: /Invite/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Invite zed' })).toHaveProperty('disabled', false);

    fireEvent.click(screen.getByRole('button', { name: 'Chat with amy' }));
    confirmEula();
    await waitFor(() => expect(world.calls.some((c) => c.path === '/v1/get-chat-messages')).toBe(true));
  });

  it('lists the blocked players; Unblock unblocks and takes them off the list', async () => {
    const world = renderSocial(<OnlineUsers />, { people: { blocked: [person('bob', { blocked: true })] } });
    fireEvent.click(await screen.findByRole('radio', { name: /Blocked/ }));
    const unblock = await screen.findByRole('button', { name: 'Unblock bob' }, tick);
    world.server.people.blocked = [];
    fireEvent.click(unblock);
    await waitFor(() =>
      expect(world.calls.filter((c) => c.path === '/v1/users/unblock-user').map((c) => c.body)).toEqual([
        { userIdOne: ME, userIdTwo: 'id-bob' },
      ]),
    );
    expect(await screen.findByText('User unblocked')).toBeTruthy();
    expect(await screen.findByText('You have not blocked anyone.', {}, tick)).toBeTruthy();
  });

  it('keeps the unread chat of a player who left on the online view, marked unread', async () => {
    const world = renderSocial(<OnlineUsers />, { members: [ME] });
    world.server.unread = { 'id-ann': 2 };
    world.server.people.unread = [person('ann', { unread: 2 })];
    // the counts as the server gives them at (re)connection
    act(() => world.socket.reconnect());
    const list = await screen.findByRole('list', { name: 'Unread from players who left' }, tick);
    expect(list.textContent).toContain('Offline · 2 unread');
    expect(within(list).getByRole('button', { name: 'Chat with ann (2 unread)' })).toBeTruthy();
    // a third message while she is away counts at once
    act(() =>
      world.socket.serve('message', {
        _id: 'm3',
        id: 'm3',
        message: 'still there?',
        from: { _id: 'id-ann', id: 'id-ann', username: 'ann' },
        to: ME,
        createdAt: new Date().toISOString(),
      }),
    );
    expect(await within(list).findByRole('button', { name: 'Chat with ann (3 unread)' })).toBeTruthy();
  });
});
