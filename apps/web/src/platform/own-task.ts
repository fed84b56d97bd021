import { useEffect, useState } from 'react';

// issue 22: preact renders a page whole, in one task (react's concurrent renders came in slices,
// and useDeferredValue is a no-op on preact/compat). a part that is costly and not the page's
// largest paint (the home's setup form: a few dozen elements) renders in a task of its own: the
// page paints first, then the part, and a phone's main thread is never blocked by both together.
// only in the page load's first such render: coming back to a page later shows the part at once
let passedOnce = false;

/** `ready`, but the first time only one task after the render that made it so */
export function useOwnTask(ready: boolean): boolean {
  const [passed, setPassed] = useState(passedOnce);
  useEffect(() => {
    if (!ready || passed) return;
    const timer = setTimeout(() => {
      passedOnce = true;
      setPassed(true);
    });
    return () => clearTimeout(timer);
  }, [ready, passed]);
  return ready && passed;
}
