import { render, screen, waitFor } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { optionalLazy } from './optional-lazy.ts';

// a part whose code fails to load (the network dropped) never takes the page to the error screen

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>error screen</p> : this.props.children;
  }
}

function fakeWindow(onLine: boolean) {
  const listeners: (() => void)[] = [];
  const win = {
    navigator: { onLine },
    addEventListener: (_type: string, fn: () => void) => listeners.push(fn),
  } as unknown as Window;
  return {
    win,
    goOnline: () => {
      (win.navigator as { onLine: boolean }).onLine = true;
      for (const fn of listeners.splice(0)) fn();
    },
  };
}

const Bar = () => <p>progress bar</p>;

describe('optionalLazy', () => {
  it('waits for the network after a failed load, then loads the part', async () => {
    const w = fakeWindow(false);
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(Bar);
    const Part = optionalLazy(load, w.win);
    render(
      <Boundary>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </Boundary>,
    );
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('progress bar')).toBeNull();
    w.goOnline();
    expect(await screen.findByText('progress bar')).toBeTruthy();
    expect(screen.queryByText('error screen')).toBeNull();
  });

  it('renders nothing when the second try fails too', async () => {
    const w = fakeWindow(true);
    const load = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const Part = optionalLazy(load, w.win);
    const { container } = render(
      <Boundary>
        <Suspense fallback={null}>
          <Part />
          <p>the page</p>
        </Suspense>
      </Boundary>,
    );
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(container.textContent).toBe('the page');
  });
});
