import { createBrowserRouter } from 'react-router';
import { loginPath } from './auth/redirect-target.ts';
import { onSessionExpired } from './auth/session-expired.ts';
import { holdIdleWorkUntil } from './platform/when-idle.ts';
import { routes } from './routes.tsx';

export const router = createBrowserRouter(routes);

// work that waits for an idle moment also waits for the first page's code and data (when-idle.ts)
holdIdleWorkUntil(
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  }),
);

// a session that cannot be renewed ends on the sign-in page, which brings the player back here
onSessionExpired((reason) => {
  const { pathname, search } = router.state.location;
  if (reason === 'removed') {
    void router.navigate('/adminRemoved', { replace: true });
    return;
  }
  if (pathname !== '/login') void router.navigate(loginPath(pathname + search), { replace: true });
});
