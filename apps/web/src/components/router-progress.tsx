import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { PROGRESS_DURATION_MS, PROGRESS_THROTTLE_MS } from '@sayspell/core/constants';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';

// the bar climbs through ~45 steps to 99 %: this step interval makes that take the spec's 5 s
const STEP_INTERVAL_MS = Math.round(PROGRESS_DURATION_MS / 45);

/** a progress bar for slow navigations only: it appears after 200 ms (§2) */
export function RouterProgress() {
  const busy = useNavigation().state !== 'idle';

  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(() => nprogress.start(), PROGRESS_THROTTLE_MS);
    return () => {
      window.clearTimeout(timer);
      nprogress.complete();
    };
  }, [busy]);

  return <NavigationProgress stepInterval={STEP_INTERVAL_MS} size={3} aria-label="Loading page" />;
}
