import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('useOwnTask', () => {
  it('turns true one task after ready the first time, at once afterwards', async () => {
    vi.resetModules();
    const { useOwnTask } = await import('./own-task.ts');
    vi.useFakeTimers();
    try {
      const first = renderHook(({ ready }) => useOwnTask(ready), { initialProps: { ready: false } });
      expect(first.result.current).toBe(false);
      first.rerender({ ready: true });
      // the render that made it ready does not show the part yet
      expect(first.result.current).toBe(false);
      await act(async () => {
        vi.runAllTimers();
      });
      expect(first.result.current).toBe(true);
      first.unmount();

      // back on the page later: no wait
      const again = renderHook(() => useOwnTask(true));
      expect(again.result.current).toBe(true);
      // and never true while not ready
      const notReady = renderHook(() => useOwnTask(false));
      expect(notReady.result.current).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
