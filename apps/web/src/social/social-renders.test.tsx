import { PRESENCE_DELAY_MS } from '@sayspell/core/constants';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AwaitingPartner, ReceivedInvites } from './invite-popups.tsx';
import { usePresence } from './social-contexts.tsx';
import { inviteFrom, onlineUser, renderSocial } from './social-test-kit.tsx';

vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'));

// each concern re-renders its own screens only: who comes and goes is not the invite popups'
// business. the popups' renders are counted where they read their store

const renders = vi.hoisted(() => ({ invites: 0 }));
vi.mock('./social-contexts.tsx', async (importOriginal) => {
  const real = await importOriginal<typeof import('./social-contexts.tsx')>();
  return {
    ...real,
    useInvites: () => {
      renders.invites += 1;
      return real.useInvites();
    },
  };
});

function OnlineNames() {
  const presence = usePresence();
  return (
    <p data-testid="online">
      {presence?.online.map((u) => `${u.username}${u.inGame ? ' (playing)' : ''}`).join(', ')}
    </p>
  );
}

const tick = { timeout: PRESENCE_DELAY_MS * 6 };

describe('social screens re-render for their own concern', () => {
  it('presence ticks re-render the online list, not the open invite', async () => {
    const { socket, server } = renderSocial(
      <>
        <ReceivedInvites />
        <AwaitingPartner />
        <OnlineNames />
      </>,
    );
    await waitFor(() => expect(socket.listening('invite')).toBe(true));
    socket.serve('invite', inviteFrom('grace'));
    expect(await screen.findByText('wants to play', { exact: false })).toBeTruthy();
    const before = renders.invites;

    server.online = [onlineUser('linus')];
    socket.serve('member-added', { channel: 'presence-users', userId: 'id-linus' });
    await waitFor(() => expect(screen.getByTestId('online').textContent).toBe('linus'), tick);
    server.online = [onlineUser('linus', { inGame: true })];
    socket.serve('route-update-ingame', { userId: 'id-linus' });
    await waitFor(() => expect(screen.getByTestId('online').textContent).toBe('linus (playing)'), tick);
    socket.serve('user-leave', { userId: 'id-linus' });
    server.online = [];
    await waitFor(() => expect(screen.getByTestId('online').textContent).toBe(''), tick);

    expect(renders.invites).toBe(before);
    // the invite still re-renders for its own news
    socket.serve('invite', inviteFrom('alan'));
    expect(await screen.findByText('Invites (2)')).toBeTruthy();
    expect(renders.invites).toBeGreaterThan(before);
  });
});
