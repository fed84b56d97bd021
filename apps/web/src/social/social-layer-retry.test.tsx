import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SocialLayer } from './social-layer.tsx';
import { inviteFrom, renderSocial } from './social-test-kit.tsx';

vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'));

// the social popups' code loads when an invite comes (social-layer.tsx). a load cut by the network
// must not be remembered: the invite shows once the network is back (a file of its own: the
// popups' module is loaded once per file)

const popupsModule = vi.hoisted(() => ({ loads: 0, failures: 2 }));
vi.mock('./social-popups.tsx', async (importOriginal) => {
  popupsModule.loads += 1;
  if (popupsModule.failures > 0) {
    popupsModule.failures -= 1;
    throw new Error('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

describe('the social layer after a failed load', () => {
  it('tries again when the network comes back after a failed load', async () => {
    const { socket } = renderSocial(<SocialLayer />);
    await waitFor(() => expect(socket.listening('invite')).toBe(true));
    socket.serve('invite', inviteFrom('grace'));
    await waitFor(() => expect(popupsModule.loads).toBe(1));
    expect(screen.queryByText('wants to play', { exact: false })).toBeNull();
    // the network blinks: back, the load fails again, back for good
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(popupsModule.loads).toBe(2));
    expect(screen.queryByText('wants to play', { exact: false })).toBeNull();
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('wants to play', { exact: false })).toBeTruthy();
  });
});
