import { PRESENCE_DELAY_MS } from '@sayspell/core/constants';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePresence } from './social-contexts.tsx';
import { capture, ME, onlineUser, renderSocial } from './social-test-kit.tsx';

vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'));

const tick = { timeout: PRESENCE_DELAY_MS * 6 };
const profileFetches = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === '/v1/profiles').map((c) => c.body);

describe('the online list', () => {
  it('joins presence-users and fetches who is there, once for a burst of arrivals', async () => {
    const presence = capture(usePresence);
    const { socket, server, calls } = renderSocial(presence.probe, { members: [ME, 'id-grace'] });
    server.online = [onlineUser('grace')];
    await waitFor(() => expect(presence.get().online.map((u) => u.username)).toEqual(['grace']), tick);
    expect(socket.sent('subscribe')).toEqual([{ channel: 'presence-users' }]);
    expect(profileFetches(calls)).toEqual([{ members: [ME, 'id-grace'] }]);

    server.online = [onlineUser('grace'), onlineUser('linus'), onlineUser('alan')];
    socket.serve('member-added', { channel: 'presence-users', userId: 'id-linus' });
    socket.serve('member-added', { channel: 'presence-users', userId: 'id-alan' });
    await waitFor(() => expect(presence.get().online).toHaveLength(3), tick);
    expect(profileFetches(calls)).toHaveLength(2);
    expect(profileFetches(calls)[1]).toEqual({
      members: [ME, 'id-grace', 'id-linus', 'id-alan'],
    });
  });

  it('drops who leaves presence-users, not who leaves another channel', async () => {
    const presence = capture(usePresence);
    const { socket, server, calls } = renderSocial(presence.probe, { members: [ME, 'id-grace'] });
    server.online = [onlineUser('grace')];
    await waitFor(() => expect(presence.get().online).toHaveLength(1), tick);
    socket.serve('member-removed', { channel: 'presence-game-g-1', userId: 'id-grace' });
    socket.serve('member-removed', { channel: 'presence-users', userId: 'id-grace' });
    server.online = [];
    await waitFor(() => expect(presence.get().online).toHaveLength(0), tick);
    expect(profileFetches(calls).at(-1)).toEqual({ members: [ME] });
  });

  it('keeps the spec local storage maps of who plays and who is idle', async () => {
    const presence = capture(usePresence);
    const { socket, server } = renderSocial(presence.probe, { members: [ME, 'id-grace', 'id-linus'] });
    server.online = [onlineUser('grace'), onlineUser('linus', { inGame: true })];
    await waitFor(() => expect(presence.get().online).toHaveLength(2), tick);
    expect(JSON.parse(localStorage.getItem('ingameusers') ?? '')).toEqual({ 'id-linus': true });
    expect(JSON.parse(localStorage.getItem('idealUsers') ?? '')).toEqual({ 'id-grace': true });

    server.online = [onlineUser('grace'), onlineUser('linus')];
    socket.serve('route-update-idealgame', { userId: 'id-linus' });
    await waitFor(() => expect(presence.get().online.every((u) => !u.inGame)).toBe(true), tick);
    expect(JSON.parse(localStorage.getItem('ingameusers') ?? '')).toEqual({});
  });

  it('a friend heart adds or removes the friend, then the list is fetched again', async () => {
    const presence = capture(usePresence);
    const { server, calls } = renderSocial(presence.probe, { members: [ME, 'id-grace'] });
    server.online = [onlineUser('grace')];
    await waitFor(() => expect(presence.get().online).toHaveLength(1), tick);
    server.online = [onlineUser('grace', { friend: true })];
    await act(() => presence.get().toggleFriend(onlineUser('grace')));
    expect(calls.find((c) => c.path === '/v1/users/add-friend')?.body).toEqual({
      userId: ME,
      friendId: 'id-grace',
    });
    await waitFor(() => expect(presence.get().online[0]?.friend).toBe(true), tick);
  });
});
