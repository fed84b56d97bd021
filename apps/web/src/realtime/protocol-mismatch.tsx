import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { INCOMPATIBLE_PROTOCOL, type IncompatibleReason } from '@sayspell/core/protocol/version';

// the server refused this tab's protocol version (realtime/protocol-version.ts on the server).
// an older tab is told to reload, once; a newer one met a server not yet updated and tries again
// a little later

export const RETRY_NEWER_MS = 5_000;

/** the socket's connect_error: true when it was about the protocol, and is handled */
export function onProtocolMismatch(err: Error & { data?: unknown }, retry: () => void): boolean {
  if (err.message !== INCOMPATIBLE_PROTOCOL) return false;
  const reason = (err.data as { reason?: IncompatibleReason } | undefined)?.reason;
  if (reason === 'server-too-old') window.setTimeout(retry, RETRY_NEWER_MS);
  else showReloadPrompt();
  return true;
}

export function showReloadPrompt(): void {
  // the service worker's own "new version" notice says the same; one is enough
  notifications.hide('new-version');
  notifications.show({
    id: 'incompatible-protocol',
    title: 'A new version of SaySpell is available',
    message: (
      <>
        This page is out of date. Reload it to keep playing.
        <Button display="block" size="xs" mt={6} onClick={() => void reloadToNewVersion()}>
          Reload
        </Button>
      </>
    ),
    autoClose: false,
    withCloseButton: false,
  });
}

/** a waiting service worker would serve the old page again: it takes over first, then the reload */
export async function reloadToNewVersion(win: Window = window): Promise<void> {
  const sw = win.navigator.serviceWorker;
  const registration = await sw?.getRegistration().catch(() => undefined);
  await registration?.update().catch(() => {});
  const waiting = registration?.waiting;
  if (!sw || !waiting) return win.location.reload();
  sw.addEventListener('controllerchange', () => win.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
