import { useEffect, useState } from 'react';
import type { CallView } from './use-call.ts';

// a call that is not up for this long counts as dropped (a short blip is bridged by ICE)
export const CALL_DOWN_AFTER_MS = 3000;

/** true while `watching` and the call has not been connected for CALL_DOWN_AFTER_MS */
export function useCallDown(call: Pick<CallView, 'state'>, watching: boolean): boolean {
  const up = call.state === 'connected';
  const [down, setDown] = useState(false);
  useEffect(() => {
    if (!watching || up) {
      setDown(false);
      return;
    }
    const timer = window.setTimeout(() => setDown(true), CALL_DOWN_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [watching, up]);
  return down;
}
