import type { InviteOutcome } from '@sayspell/core/protocol/social';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getCurrentGameId } from '../api/current-game-id.ts';
import { SENDER_GRACE_MS } from './sent-invite-watch.ts';
import { useInvites } from './social-contexts.tsx';
import { capture, onlineUser, renderSocial } from './social-test-kit.tsx';

vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'));

// the sender's own watch (issue 15 item 3): its 30 s run out without the server's event, or the
// network drops while it waits; either way the sender learns the outcome instead of '0 s left'

const settings = {
  category: 'category_animals',
  role: 'speaker',
  language: 'English',
  difficulty: 'beginner',
  gameTimer: 90,
} as const;
const grace = onlineUser('grace');
const outcome = (over: Partial<InviteOutcome>): InviteOutcome => ({
  inviteId: 'invite-1',
  status: 'pending',
  reason: null,
  gameId: null,
  expiresAt: Date.now() + 600_000,
  ...over,
});
const afterDeadline = { timeout: SENDER_GRACE_MS + 4000 };

async function sent(expiresAt: number) {
  const invites = capture(useInvites);
  const world = renderSocial(invites.probe);
  world.socket.answers.invite = () => ({ ok: true, inviteId: 'invite-1', expiresAt });
  await act(() => invites.get().invite(grace, settings));
  expect(invites.get().waiting?.inviteId).toBe('invite-1');
  return { ...world, invites };
}

describe('the sender of an invite', { timeout: 20_000 }, () => {
  it('past its own deadline asks the server and shows the time-out the event never brought', async () => {
    const { invites, answers, calls } = await sent(Date.now() + 200);
    answers['GET /v1/invites/invite-1'] = outcome({ status: 'expired', reason: 'timeout' });
    await waitFor(() => expect(invites.get().notice?.title).toBe('Invite timed out'), afterDeadline);
    expect(invites.get().waiting).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/invites/invite-1')).toHaveLength(1);
  });

  it('past its deadline with the server out of reach, the invite is over all the same', async () => {
    // no answer for GET /v1/invites/invite-1: the request fails
    const { invites } = await sent(Date.now() + 200);
    await waitFor(() => expect(invites.get().notice?.title).toBe('Invite timed out'), afterDeadline);
    expect(invites.get().waiting).toBeNull();
  });

  it('back after a drop, goes to the game accepted while away', async () => {
    const { invites, answers, socket, router } = await sent(Date.now() + 600_000);
    answers['GET /v1/invites/invite-1'] = outcome({ status: 'accepted', gameId: 'game-7' });
    socket.drop('transport close');
    socket.reconnect();
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(getCurrentGameId()).toBe('game-7');
    expect(invites.get().waiting).toBeNull();
  });

  it('back after a drop, keeps waiting for an open invite, and is told a busy or in-game refusal', async () => {
    const { invites, answers, socket, calls } = await sent(Date.now() + 600_000);
    const asked = () => calls.filter((c) => c.path === '/v1/invites/invite-1').length;
    answers['GET /v1/invites/invite-1'] = outcome({ status: 'pending' });
    socket.reconnect();
    await waitFor(() => expect(asked()).toBe(1));
    await waitFor(() =>
      expect(invites.get().waiting?.expiresAt).toBe(
        answers['GET /v1/invites/invite-1'] &&
          (answers['GET /v1/invites/invite-1'] as InviteOutcome).expiresAt,
      ),
    );
    expect(invites.get().notice).toBeNull();
    answers['GET /v1/invites/invite-1'] = outcome({ status: 'declined', reason: 'ingame' });
    socket.reconnect();
    await waitFor(() => expect(invites.get().notice?.title).toBe('Player is in a game'));
    expect(invites.get().waiting).toBeNull();

    act(() => invites.get().dismissNotice());
    await act(() => invites.get().invite(grace, settings));
    answers['GET /v1/invites/invite-1'] = outcome({ status: 'declined', reason: 'busy' });
    socket.reconnect();
    await waitFor(() => expect(invites.get().notice?.title).toBe('Player is Busy'));
  });
});
