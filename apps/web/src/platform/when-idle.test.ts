import { describe, expect, it, vi } from 'vitest';
import { holdIdleWorkUntil, whenIdle } from './when-idle.ts';

// the deferred work (the service worker's precache, the notifications) waits for the page's load
// and then for an idle moment; it never runs during the first page's load

function fakeWindow(readyState: DocumentReadyState, idle = true) {
  const listeners = new Map<string, () => void>();
  const idleCallbacks: (() => void)[] = [];
  const win = {
    document: { readyState },
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    requestIdleCallback: idle ? (fn: () => void) => idleCallbacks.push(fn) : undefined,
    setTimeout: (fn: () => void) => idleCallbacks.push(fn),
  } as unknown as Window;
  return { win, load: () => listeners.get('load')?.(), idle: () => idleCallbacks.shift()?.() };
}

describe('whenIdle', () => {
  it('waits for the load event, then for an idle moment', () => {
    const task = vi.fn();
    const w = fakeWindow('loading');
    whenIdle(task, w.win);
    w.idle();
    expect(task).not.toHaveBeenCalled();
    w.load();
    expect(task).not.toHaveBeenCalled();
    w.idle();
    expect(task).toHaveBeenCalledOnce();
  });

  it('after the load, waits only for an idle moment; without requestIdleCallback, a timeout', () => {
    for (const idle of [true, false]) {
      const task = vi.fn();
      const w = fakeWindow('complete', idle);
      whenIdle(task, w.win);
      expect(task).not.toHaveBeenCalled();
      w.idle();
      expect(task).toHaveBeenCalledOnce();
    }
  });
});

describe('whenIdle with the first page held', () => {
  it('after the load, waits for the first page before its idle moment', async () => {
    let shown = () => {};
    holdIdleWorkUntil(
      new Promise<void>((resolve) => {
        shown = resolve;
      }),
    );
    try {
      const task = vi.fn();
      const w = fakeWindow('loading');
      whenIdle(task, w.win);
      w.load();
      await Promise.resolve();
      w.idle();
      expect(task).not.toHaveBeenCalled();
      shown();
      await Promise.resolve();
      await Promise.resolve();
      w.idle();
      expect(task).toHaveBeenCalledOnce();
    } finally {
      holdIdleWorkUntil(Promise.resolve());
    }
  });
});
