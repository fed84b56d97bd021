import { lazy, Suspense, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { whenIdle } from '../../platform/when-idle.ts';

// leaving a running game by accident (issue 15 item 7): 'Leave game', the logo or any in-app link
// ask first. the results after the game's end, and the game itself (an invite's game), pass

const loadDialog = () => import('./leave-confirm-dialog.tsx');
const LeaveConfirmDialog = lazy(async () => ({ default: (await loadDialog()).LeaveConfirmDialog }));

export function LeaveConfirm({ running, partnered }: { running: boolean; partnered: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      running &&
      nextLocation.pathname !== currentLocation.pathname &&
      !nextLocation.pathname.startsWith('/results/'),
  );
  // ready before anyone can ask to leave
  useEffect(() => {
    whenIdle(() => void loadDialog().catch(() => {}));
  }, []);
  if (blocker.state !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <LeaveConfirmDialog
        partnered={partnered}
        onStay={() => blocker.reset()}
        onLeave={() => blocker.proceed()}
      />
    </Suspense>
  );
}
