import { INCOMPATIBLE_PROTOCOL } from '@sayspell/core/protocol/socket';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { onProtocolMismatch, RETRY_NEWER_MS, reloadToNewVersion } from './protocol-mismatch.tsx';

const refused = (reason: string) =>
  Object.assign(new Error(INCOMPATIBLE_PROTOCOL), { data: { reason, server: 2 } });

describe('a refused protocol version', () => {
  it('an older tab is told a new version is there, with a Reload button', async () => {
    renderWithProviders(<span />);
    const retry = vi.fn();
    expect(onProtocolMismatch(refused('client-too-old'), retry)).toBe(true);
    expect(await screen.findByText('A new version of SaySpell is available')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(retry).not.toHaveBeenCalled();
  });

  it('a newer tab met an old server: it tries again later, quietly', () => {
    vi.useFakeTimers();
    try {
      const retry = vi.fn();
      expect(onProtocolMismatch(refused('server-too-old'), retry)).toBe(true);
      vi.advanceTimersByTime(RETRY_NEWER_MS - 1);
      expect(retry).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(retry).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('other connection errors are not its business', () => {
    expect(onProtocolMismatch(new Error('unauthorized'), vi.fn())).toBe(false);
  });
});

// the browser's service worker api, as far as the reload uses it
function browser(waiting: boolean) {
  const reload = vi.fn();
  const posted: unknown[] = [];
  const listeners: (() => void)[] = [];
  const registration = {
    update: vi.fn(async () => {}),
    waiting: waiting ? { postMessage: (m: unknown) => posted.push(m) } : null,
  };
  const win = {
    location: { reload },
    navigator: {
      serviceWorker: {
        getRegistration: async () => registration,
        addEventListener: (_: string, fn: () => void) => listeners.push(fn),
      },
    },
  } as unknown as Window;
  return {
    win,
    reload,
    posted,
    registration,
    takeOver: () => {
      for (const fn of listeners) fn();
    },
  };
}

describe('reloading to the new version', () => {
  it('without a waiting worker: looks for one, then reloads', async () => {
    const b = browser(false);
    await reloadToNewVersion(b.win);
    expect(b.registration.update).toHaveBeenCalledOnce();
    expect(b.reload).toHaveBeenCalledOnce();
  });

  it('with a waiting worker: lets it take over first, so the reload is not the old page again', async () => {
    const b = browser(true);
    await reloadToNewVersion(b.win);
    expect(b.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(b.reload).not.toHaveBeenCalled();
    b.takeOver();
    expect(b.reload).toHaveBeenCalledOnce();
  });
});
