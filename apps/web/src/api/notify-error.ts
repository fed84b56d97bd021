/** tells the user why an action they took failed, in the server's words */
export function notifyError(err: unknown, title = 'That did not work'): void {
  const message = err instanceof Error ? err.message : 'Something went wrong. Please try again.';
  // loaded when needed: the landing page's only use of notifications (issue 22)
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ color: 'red', title, message, autoClose: 6000 }),
  );
}
