import { notifications } from '@mantine/notifications';

/** tells the user why an action they took failed, in the server's words */
export function notifyError(err: unknown, title = 'That did not work'): void {
  const message = err instanceof Error ? err.message : 'Something went wrong. Please try again.';
  notifications.show({ color: 'red', title, message, autoClose: 6000 });
}
