import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ME, renderSocial } from './social-test-kit.tsx';
import { tabTitle, useGameTitle } from './tab-title.ts';

vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'));

describe('the tab title', () => {
  it('shows the game while playing, else a badge of what waits', () => {
    expect(tabTitle({ game: 'Word 3 of 10 · 42 s left', badge: 2 })).toBe(
      'Word 3 of 10 · 42 s left · SaySpell',
    );
    expect(tabTitle({ game: null, badge: 2 })).toBe('(2) SaySpell');
    expect(tabTitle({ game: null, badge: 0 })).toBe('SaySpell');
  });

  it('counts unread chats in the badge as they come', async () => {
    const { socket } = renderSocial(null);
    await vi.waitFor(() => expect(socket.listening('message')).toBe(true));
    act(() => {
      socket.serve('message', {
        _id: 'm1',
        id: 'm1',
        message: 'hi',
        from: { _id: 'id-grace', id: 'id-grace', username: 'grace' },
        to: ME,
        createdAt: new Date().toISOString(),
      });
    });
    await vi.waitFor(() => expect(document.title).toBe('(1) SaySpell'));
  });

  it('the game part wins while playing and goes when the game screen does', () => {
    const game = renderHook(({ t }) => useGameTitle(t), { initialProps: { t: 'Word 1 of 10 · 90 s left' } });
    expect(document.title).toBe('Word 1 of 10 · 90 s left · SaySpell');
    game.rerender({ t: 'Word 2 of 10 · 80 s left' });
    expect(document.title).toBe('Word 2 of 10 · 80 s left · SaySpell');
    game.unmount();
    expect(document.title).not.toContain('Word');
  });
});
