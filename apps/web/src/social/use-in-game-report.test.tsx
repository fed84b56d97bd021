import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ME, renderSocial } from './social-test-kit.tsx';

vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'));

const reports = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === '/v1/pusher/ingamecheck').map((c) => c.body);

describe('the player reports being in a game', () => {
  it('tells the server on entering /game and again on leaving it', async () => {
    const { calls, router } = renderSocial(null);
    await act(() => router.navigate('/game'));
    await waitFor(() => expect(reports(calls)).toEqual([{ userId: ME, inGame: true }]));
    await act(() => router.navigate('/'));
    await waitFor(() =>
      expect(reports(calls)).toEqual([
        { userId: ME, inGame: true },
        { userId: ME, inGame: false },
      ]),
    );
  });

  it('an idle player at home reports nothing; one who opens /game directly reports once', async () => {
    const home = renderSocial(null);
    await act(() => home.router.navigate('/'));
    expect(reports(home.calls)).toEqual([]);
    const game = renderSocial(null, { path: '/game' });
    await waitFor(() => expect(reports(game.calls)).toEqual([{ userId: ME, inGame: true }]));
  });

  it('tells it again when the socket reconnects on /game (the server cleared it when the last socket went)', async () => {
    const { calls, socket } = renderSocial(null, { path: '/game' });
    await waitFor(() => expect(reports(calls)).toEqual([{ userId: ME, inGame: true }]));
    act(() => socket.reconnect());
    await waitFor(() =>
      expect(reports(calls)).toEqual([
        { userId: ME, inGame: true },
        { userId: ME, inGame: true },
      ]),
    );
  });

  it('a reconnection at home reports nothing', async () => {
    const { calls, socket } = renderSocial(null);
    act(() => socket.reconnect());
    await new Promise((r) => setTimeout(r, 50));
    expect(reports(calls)).toEqual([]);
  });
});
