import { useNetwork } from '@mantine/hooks';
import { TEXTS } from '@sayspell/core/constants';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { isNative } from '../platform/platform.ts';
import { whenIdle } from '../platform/when-idle.ts';
import { optionalLazy } from './optional-lazy.ts';

// only the mobile apps ask for updates; the log viewer loads when it is opened
const UpdatePrompt = lazy(async () => ({
  default: (await import('../platform/update-prompt.tsx')).UpdatePrompt,
}));
// the offline notice is a modal, and mantine's modal brings its scroll area and floating-ui (24 KB
// gzip): it loads once the page is idle, ready before the network can drop (issue 22)
const loadOfflinePopup = () => import('../popups/offline-popup.tsx');
const OfflinePopup = lazy(async () => {
  try {
    return { default: (await loadOfflinePopup()).OfflinePopup };
  } catch {
    // the network went away before the notice had loaded: the plain words still say it
    return { default: OfflineFallback };
  }
});
whenIdle(() => void loadOfflinePopup());
// the navigation progress bar (mantine's nprogress) is only ever needed for a later navigation
const RouterProgress = optionalLazy(async () => (await import('./router-progress.tsx')).RouterProgress);
const DevLogViewer = lazy(async () => ({
  default: (await import('../platform/dev-log-viewer.tsx')).DevLogViewer,
}));

function OfflineFallback() {
  return (
    <div
      role="alert"
      style={{
        position: 'fixed',
        inset: 'auto 1rem 1rem',
        zIndex: 1000,
        padding: '1rem',
        borderRadius: 12,
        background: '#fff',
        boxShadow: '0 4px 24px rgb(0 0 0 / 0.2)',
        textAlign: 'center',
      }}
    >
      <strong>{TEXTS.networkUnavailableTitle}</strong>
      <p style={{ margin: '0.5rem 0 0' }}>{TEXTS.networkUnavailable}</p>
    </div>
  );
}

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
  const { online } = useNetwork();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    whenIdle(() => setIdle(true));
  }, []);
  return (
    <>
      {idle && (
        <Suspense fallback={null}>
          <RouterProgress />
        </Suspense>
      )}
      {!online && (
        <Suspense fallback={null}>
          <OfflinePopup />
        </Suspense>
      )}
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
