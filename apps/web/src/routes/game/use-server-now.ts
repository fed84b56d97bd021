import { TICK_MS } from '@sayspell/core/constants';
import { useEffect, useState } from 'react';
import { msToNextTick } from './server-clock.ts';

/**
 * the server's clock, re-read on every 1 s tick aligned to `anchor` (§4: countdown sync aligns to
 * 1 s ticks). `offset` is serverNow − Date.now() as last measured.
 */
export function useServerNow(offset: number, anchor: number | null): number {
  const [now, setNow] = useState(() => Date.now() + offset);

  useEffect(() => {
    let timer: number;
    const tick = () => {
      const serverNow = Date.now() + offset;
      setNow(serverNow);
      // a couple of ms late on purpose: landing just past the boundary, never just before it
      timer = window.setTimeout(tick, (anchor === null ? TICK_MS : msToNextTick(anchor, serverNow)) + 2);
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [offset, anchor]);

  return now;
}
