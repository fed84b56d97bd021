import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getCurrentGameId } from '../api/current-game-id.ts';
import { useInvites } from './social-contexts.tsx';
import { capture, inviteFrom, onlineUser, renderSocial } from './social-test-kit.tsx';

vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'));

const settings = {
  category: 'category_animals',
  role: 'speaker',
  language: 'English',
  difficulty: 'beginner',
  gameTimer: 90,
} as const;
const grace = onlineUser('grace');
// an invite's deadline far enough away that the sender's own timer stays out of these tests
const LATER = Date.now() + 600_000;

describe('invites received', () => {
  it('queues them (one per sender), with a notification, and a cancel takes one out', async () => {
    const invites = capture(useInvites);
    const { socket } = renderSocial(invites.probe);
    await waitFor(() => expect(socket.listening('invite')).toBe(true));
    socket.serve('invite', inviteFrom('grace'));
    socket.serve('invite', inviteFrom('grace', { _id: 'invite-grace-2' }));
    socket.serve('invite', inviteFrom('alan'));
    await waitFor(() =>
      expect(invites.get().received.map((i) => i._id)).toEqual(['invite-grace-2', 'invite-alan']),
    );
    expect(await screen.findByText('You have a new invite from ALAN')).toBeTruthy();

    socket.serve('invite-cancel', {
      inviteId: 'invite-alan',
      reason: 'cancelled',
      user: inviteFrom('alan').user,
    });
    await waitFor(() => expect(invites.get().received.map((i) => i._id)).toEqual(['invite-grace-2']));
    expect(await screen.findByText('ALAN cancelled the invite.')).toBeTruthy();
  });

  it('picks up the invites that came while away, and refuses them all on /game', async () => {
    const invites = capture(useInvites);
    const away = renderSocial(invites.probe);
    away.server.pending = [inviteFrom('grace')];
    // the fetch ran at connect, before the test set pending: reconnecting fetches again
    away.socket.reconnect();
    await waitFor(() => expect(invites.get().received.map((i) => i._id)).toEqual(['invite-grace']));

    await act(() => away.router.navigate('/game'));
    await waitFor(() => expect(invites.get().received).toEqual([]));
    expect(away.socket.sent('invite-response')).toEqual([
      { inviteId: 'invite-grace', response: false, type: 'ingame' },
    ]);

    away.socket.serve('invite', inviteFrom('alan'));
    await waitFor(() => expect(away.socket.sent('invite-response')).toHaveLength(2));
    expect(away.socket.sent('invite-response')[1]).toEqual({
      inviteId: 'invite-alan',
      response: false,
      type: 'ingame',
    });
    expect(invites.get().received).toEqual([]);
  });

  it('accepting one declines the rest and goes to the game the server made', async () => {
    const invites = capture(useInvites);
    const { socket, router } = renderSocial(invites.probe);
    socket.answers['invite-response'] = ({ response }) =>
      response ? { ok: true, gameId: 'game-7' } : { ok: true };
    await waitFor(() => expect(socket.listening('invite')).toBe(true));
    socket.serve('invite', inviteFrom('grace'));
    socket.serve('invite', inviteFrom('alan'));
    await waitFor(() => expect(invites.get().received).toHaveLength(2));
    await act(() =>
      invites.get().answer([
        { inviteId: 'invite-alan', response: true },
        { inviteId: 'invite-grace', response: false },
      ]),
    );
    expect(socket.sent('invite-response')).toEqual([
      { inviteId: 'invite-alan', response: true },
      { inviteId: 'invite-grace', response: false },
    ]);
    expect(router.state.location.pathname).toBe('/game');
    expect(getCurrentGameId()).toBe('game-7');
  });

  it('a player who blocks me takes their invites with them', async () => {
    const invites = capture(useInvites);
    const { socket } = renderSocial(invites.probe);
    await waitFor(() => expect(socket.listening('invite')).toBe(true));
    socket.serve('invite', inviteFrom('grace'));
    socket.serve('invite', inviteFrom('alan'));
    socket.serve('block-user', { userId: 'id-grace', username: 'grace', blocked: true });
    await waitFor(() => expect(invites.get().received.map((i) => i._id)).toEqual(['invite-alan']));
  });
});

describe('an invite sent', () => {
  it('waits for the answer; a decline, a time-out or a game in progress ends in its notice', async () => {
    const invites = capture(useInvites);
    const { socket } = renderSocial(invites.probe);
    socket.answers.invite = () => ({ ok: true, inviteId: 'invite-1', expiresAt: LATER });
    await act(() => invites.get().invite(grace, settings));
    expect(socket.sent('invite')).toEqual([{ to: 'id-grace', settings }]);
    expect(invites.get().waiting).toEqual({ inviteId: 'invite-1', partner: grace, expiresAt: LATER });

    const answer = { inviteId: 'invite-1', user: inviteFrom('grace').user, response: false } as const;
    socket.serve('invite-response', { ...answer, inviteId: 'another-invite' });
    expect(invites.get().waiting).not.toBeNull();
    socket.serve('invite-response', answer);
    await waitFor(() => expect(invites.get().notice?.message).toBe('GRACE declined your invite.'));
    expect(invites.get().waiting).toBeNull();

    for (const [type, title] of [
      ['timeout', 'Invite timed out'],
      ['ingame', 'Player is in a game'],
    ] as const) {
      act(() => invites.get().dismissNotice());
      await act(() => invites.get().invite(grace, settings));
      socket.serve('invite-response', { ...answer, type });
      await waitFor(() => expect(invites.get().notice?.title).toBe(title));
    }
  });

  it('an accepted invite takes the sender to the game', async () => {
    const invites = capture(useInvites);
    const { socket, router } = renderSocial(invites.probe);
    socket.answers.invite = () => ({ ok: true, inviteId: 'invite-1', expiresAt: LATER });
    await act(() => invites.get().invite(grace, settings));
    socket.serve('invite-response', {
      inviteId: 'invite-1',
      user: inviteFrom('grace').user,
      response: true,
      gameId: 'game-9',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(getCurrentGameId()).toBe('game-9');
    expect(invites.get().waiting).toBeNull();
  });

  it('a busy player is a notice; another refusal says why; Cancel withdraws the invite', async () => {
    const invites = capture(useInvites);
    const { socket } = renderSocial(invites.probe);
    socket.answers.invite = () => ({ ok: false, error: { code: 'BUSY', message: 'busy' } });
    await act(() => invites.get().invite(grace, settings));
    expect(invites.get().notice).toEqual({
      title: 'Player is Busy',
      message: 'Player is Busy. Please try them later.',
    });
    expect(invites.get().waiting).toBeNull();

    socket.answers.invite = () => ({
      ok: false,
      error: { code: 'BLOCKED', message: 'You cannot invite this player.' },
    });
    await act(() => invites.get().invite(grace, settings));
    expect(await screen.findByText('You cannot invite this player.')).toBeTruthy();

    socket.answers.invite = () => ({ ok: true, inviteId: 'invite-3', expiresAt: LATER });
    await act(() => invites.get().invite(grace, settings));
    act(() => invites.get().cancelInvite());
    expect(invites.get().waiting).toBeNull();
    expect(socket.sent('invite-cancel')).toEqual([{ inviteId: 'invite-3' }]);
  });
});
