import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query-client.ts';
import { optionalLazy } from './components/optional-lazy.ts';
import { whenIdle } from './platform/when-idle.ts';
import { router } from './router.tsx';
import { theme } from './theme.ts';

// the notifications' container (its transitions, its scroll lock) is not part of the first
// download (issue 22): it mounts once the page is idle. a notification shown before that waits in
// mantine's store and appears when the container mounts
const Notifications = optionalLazy(async () => (await import('@mantine/notifications')).Notifications);

function LazyNotifications() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    whenIdle(() => setReady(true));
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <Notifications position="top-center" zIndex={1000} />
    </Suspense>
  ) : null;
}

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <LazyNotifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
