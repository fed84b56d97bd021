import { Outlet, ScrollRestoration } from 'react-router';
import { OfflinePopup } from '../popups/offline-popup.tsx';
import { RouterProgress } from './router-progress.tsx';

export function RootLayout() {
  return (
    <>
      <RouterProgress />
      <OfflinePopup />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
