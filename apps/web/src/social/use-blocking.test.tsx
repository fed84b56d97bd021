import { PRESENCE_DELAY_MS } from '@sayspell/core/constants';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../test/fake-socket.ts';
import { useBlocking, useInvites, usePresence } from './social-contexts.tsx';
import { capture, inviteFrom, ME, onlineUser, renderSocial } from './social-test-kit.tsx';

vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'));

const tick = { timeout: PRESENCE_DELAY_MS * 6 };
const social = capture(() => ({ blocking: useBlocking(), invites: useInvites(), presence: usePresence() }));
const blocking = () => social.get().blocking as NonNullable<ReturnType<typeof useBlocking>>;

/** mallory's invite arrives and the player asks to block its sender */
async function askAboutAnInvite(socket: FakeSocket) {
  await waitFor(() => expect(socket.listening('invite')).toBe(true));
  socket.serve('invite', inviteFrom('mallory'));
  await waitFor(() => expect(social.get().invites?.received).toHaveLength(1));
  act(() => blocking().askBlock(inviteFrom('mallory')));
}

describe('blocking', () => {
  it('blocks and unblocks from the list, saying so, and fetches the list again', async () => {
    const { server, calls } = renderSocial(social.probe, { members: [ME, 'id-grace'] });
    server.online = [onlineUser('grace', { blocked: true })];
    await act(() => blocking().toggleBlock({ _id: 'id-grace', username: 'grace' }, true));
    expect(calls.find((c) => c.path === '/v1/users/block-user')?.body).toEqual({
      userIdOne: ME,
      userIdTwo: 'id-grace',
    });
    expect(await screen.findByText('grace cannot invite you or chat with you.')).toBeTruthy();
    await waitFor(() => expect(social.get().presence?.online[0]?.blocked).toBe(true), tick);

    await act(() => blocking().toggleBlock({ _id: 'id-grace', username: 'grace' }, false));
    expect(calls.some((c) => c.path === '/v1/users/unblock-user')).toBe(true);
    expect(await screen.findByText('grace can invite you again.')).toBeTruthy();
  });

  it("'Yes, Block' on an invite declines it, reports the sender and blocks them", async () => {
    const { socket, calls } = renderSocial(social.probe);
    await askAboutAnInvite(socket);
    expect(blocking().blockCandidate?._id).toBe('invite-mallory');
    await act(() => blocking().confirmBlock(true));
    expect(blocking().blockCandidate).toBeNull();
    expect(social.get().invites?.received).toEqual([]);
    expect(socket.sent('invite-response')).toEqual([{ inviteId: 'invite-mallory', response: false }]);
    expect(calls.find((c) => c.path === '/v1/report-user')?.body).toEqual({
      user: ME,
      userReported: 'id-mallory',
      message: 'Blocked from an invite',
    });
    expect(calls.find((c) => c.path === '/v1/users/block-user')?.body).toEqual({
      userIdOne: ME,
      userIdTwo: 'id-mallory',
    });
  });

  it("'Just Decline' only declines", async () => {
    const { socket, calls } = renderSocial(social.probe);
    await askAboutAnInvite(socket);
    await act(() => blocking().confirmBlock(false));
    expect(socket.sent('invite-response')).toEqual([{ inviteId: 'invite-mallory', response: false }]);
    expect(calls.some((c) => c.path === '/v1/report-user' || c.path === '/v1/users/block-user')).toBe(false);
  });

  it('being blocked by someone fetches the list again', async () => {
    const { socket, server, calls } = renderSocial(social.probe, { members: [ME, 'id-grace'] });
    server.online = [onlineUser('grace')];
    await waitFor(() => expect(social.get().presence?.online).toHaveLength(1), tick);
    const before = calls.filter((c) => c.path === '/v1/profiles').length;
    server.online = [onlineUser('grace', { blockedMe: true })];
    socket.serve('block-user', { userId: 'id-grace', username: 'grace', blocked: true });
    await waitFor(() => expect(social.get().presence?.online[0]?.blockedMe).toBe(true), tick);
    expect(calls.filter((c) => c.path === '/v1/profiles').length).toBe(before + 1);
  });
});
