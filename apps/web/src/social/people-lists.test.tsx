import { PRESENCE_DELAY_MS } from '@sayspell/core/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChatPopup } from './chat-popup.tsx';
import { OnlineUsers } from './online-users.tsx';
import { ME, onlineUser, person, renderSocial } from './social-test-kit.tsx';

vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'));
// jsdom lays nothing out and has no scrollTo: the chat's scroll to its newest message is a no-op
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};

// issue 15 item 5: friends who are offline, the players I blocked, and the unread chat of a player
// who left are all within reach from the players card

const tick = { timeout: PRESENCE_DELAY_MS * 6 };
// the test player has not confirmed the EULA: chat asks first (§6); the question's code loads then
const confirmEula = async () => fireEvent.click(await screen.findByRole('button', { name: 'I Understand' }));

/** the players card and the chat window, with the friend zed online */
function renderWithZedOnline() {
  const world = renderSocial(
    <>
      <OnlineUsers />
      <ChatPopup />
    </>,
    { members: [ME, 'id-zed'] },
  );
  world.server.online = [onlineUser('zed', { friend: true })];
  return world;
}

describe('the players card', { timeout: 30_000 }, () => {
  it('lists offline friends with their status; they can be chatted with, not invited', async () => {
    const world = renderWithZedOnline();
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
    await confirmEula();
    await waitFor(() => expect(world.calls.some((c) => c.path === '/v1/get-chat-messages')).toBe(true));
  });

  it('a message sent before the chat history came stays in the window when it comes', async () => {
    const world = renderWithZedOnline();
    world.server.people.friends = [person('zed', { friend: true, online: true })];
    let history!: (answer: unknown) => void;
    const earlier = {
      _id: 'm-1',
      id: 'm-1',
      message: 'Good game!',
      from: { _id: 'id-zed', id: 'id-zed', username: 'zed' },
      to: ME,
      createdAt: new Date(1).toISOString(),
    };
    world.answers['GET /v1/get-chat-messages'] = new Promise((resolve) => {
      history = resolve;
    });
    world.answers['POST /v1/chat/read'] = {};
    world.answers['POST /v1/send-chat'] = {
      _id: 'm-2',
      id: 'm-2',
      message: 'Rematch tomorrow?',
      from: { _id: ME, id: ME, username: 'me' },
      to: 'id-zed',
      createdAt: new Date(2).toISOString(),
    };
    fireEvent.click(await screen.findByRole('button', { name: 'Chat with zed' }, tick));
    await confirmEula();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Rematch tomorrow?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('Rematch tomorrow?')).toBeTruthy();
    // the history was asked for before the message went, and answers after it (without it)
    await act(async () => history({ messages: [earlier] }));
    expect(await screen.findByText('Good game!')).toBeTruthy();
    const shown = screen.getAllByTestId('chat-message').map((m) => m.textContent ?? '');
    expect(shown).toHaveLength(2);
    expect(shown[0]).toContain('Good game!');
    expect(shown[1]).toContain('Rematch tomorrow?');
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
