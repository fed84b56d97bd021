import { registerSW } from 'virtual:pwa-register';
import { notifications } from '@mantine/notifications';
import { appLog } from './app-log.ts';

// registers /sw.js (issue 9: installable, the shell works offline). a new version waits; the
// player is told and reloads when it suits them, so no game is cut short by an update

export function installServiceWorker(): void {
  if (!('serviceWorker' in navigator)) {
    appLog('warn', 'service worker', 'serviceWorker is not supported in current browser!');
    return;
  }
  const update = registerSW({
    onNeedRefresh() {
      notifications.show({
        id: 'new-version',
        title: 'A new version of SaySpell is ready',
        message: 'Reload the page to use it (after your game).',
        autoClose: false,
        onClick: () => void update(true),
      });
    },
    onRegisterError(err: unknown) {
      appLog('error', 'service worker', err instanceof Error ? err.message : String(err));
    },
  });
}
