import { logError } from './app-log.ts';
import { isNative } from './platform.ts';

// §4 Logout: the mobile apps leave the push service, so a signed-out phone gets no one's
// notifications. the web registers for none, so there is nothing to leave

type Push = { removeAllListeners(): Promise<void>; unregister(): Promise<void> };

async function plugin(): Promise<Push> {
  const m = await import('@capacitor/push-notifications');
  return m.PushNotifications as unknown as Push;
}

/** true when a push registration was left; never throws (a logout must go on) */
export async function leavePushService(load: () => Promise<Push> = plugin): Promise<boolean> {
  if (!isNative()) return false;
  try {
    const push = await load();
    await push.removeAllListeners();
    await push.unregister();
    return true;
  } catch (err) {
    logError('push', err);
    return false;
  }
}
