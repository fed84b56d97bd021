import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { isNative } from '../platform/platform.ts';
import { OfflinePopup } from '../popups/offline-popup.tsx';
import { RouterProgress } from './router-progress.tsx';

// only the mobile apps ask for updates; the log viewer loads when it is opened
const UpdatePrompt = lazy(async () => ({
  default: (await import('../platform/update-prompt.tsx')).UpdatePrompt,
}));
const DevLogViewer = lazy(async () => ({
  default: (await import('../platform/dev-log-viewer.tsx')).DevLogViewer,
}));

/** the hidden developer log viewer (§2): Ctrl+Shift+L, or ?devlog in the address */
function DevLogShortcut() {
  const [open, setOpen] = useState(() => new URLSearchParams(window.location.search).has('devlog'));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey && e.shiftKey && e.key.toLowerCase() === 'l') setOpen((o) => !o);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return open ? (
    <Suspense fallback={null}>
      <DevLogViewer onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
}

export function RootLayout() {
  return (
    <>
      <RouterProgress />
      <OfflinePopup />
      {isNative() && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
      <DevLogShortcut />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
