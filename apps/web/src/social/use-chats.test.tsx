import type { ChatMessage } from '@sayspell/core/protocol/social';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useChats } from './social-contexts.tsx';
import { capture, ME, renderSocial } from './social-test-kit.tsx';

vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'));

let n = 0;
function message(from: string, to: string): ChatMessage {
  n += 1;
  return {
    _id: `m-${n}`,
    id: `m-${n}`,
    message: 'hi',
    from: { _id: from, id: from, username: from },
    to,
    createdAt: new Date(0).toISOString(),
  };
}

describe('chats', () => {
  it('counts the unread of each closed chat, from the server at connect and as messages come', async () => {
    const chats = capture(useChats);
    const { socket, server } = renderSocial(chats.probe);
    server.unread = { 'id-grace': 2 };
    socket.reconnect();
    await waitFor(() => expect(chats.get().unread).toEqual({ 'id-grace': 2 }));

    socket.serve('message', message('id-grace', ME));
    socket.serve('message', message('id-alan', ME));
    // my own message, from another tab, is not unread
    socket.serve('message', message(ME, 'id-alan'));
    await waitFor(() => expect(chats.get().unread).toEqual({ 'id-grace': 3, 'id-alan': 1 }));
  });

  it('opening a chat clears its count, and its messages are not counted while open', async () => {
    const chats = capture(useChats);
    const { socket } = renderSocial(chats.probe);
    await waitFor(() => expect(socket.listening('message')).toBe(true));
    socket.serve('message', message('id-grace', ME));
    await waitFor(() => expect(chats.get().unread['id-grace']).toBe(1));
    act(() => chats.get().openChat({ _id: 'id-grace', username: 'grace' }));
    expect(chats.get().unread['id-grace']).toBe(0);
    socket.serve('message', message('id-grace', ME));
    expect(chats.get().unread['id-grace']).toBe(0);
    act(() => chats.get().closeChat());
    socket.serve('message', message('id-grace', ME));
    await waitFor(() => expect(chats.get().unread['id-grace']).toBe(1));
    act(() => chats.get().clearUnread('id-grace'));
    expect(chats.get().unread['id-grace']).toBe(0);
  });

  it('a block from the player I chat with closes the chat and says so', async () => {
    const chats = capture(useChats);
    const { socket } = renderSocial(chats.probe);
    await waitFor(() => expect(socket.listening('block-user')).toBe(true));
    act(() => chats.get().openChat({ _id: 'id-grace', username: 'grace' }));
    socket.serve('block-user', { userId: 'id-alan', username: 'alan', blocked: true });
    expect(chats.get().chatWith?._id).toBe('id-grace');
    socket.serve('block-user', { userId: 'id-grace', username: 'grace', blocked: true });
    await waitFor(() => expect(chats.get().chatWith).toBeNull());
    expect(await screen.findByText('grace blocked you')).toBeTruthy();
  });
});
