// what the app does when the session cannot be renewed; the router registers the real handler
/** why: 'removed' when an administrator removed the account (it goes to /adminRemoved) */
export type ExpiryReason = 'ended' | 'removed';

let handler: (reason: ExpiryReason) => void = () => {};
let leaving = 0;

export function onSessionExpired(next: (reason: ExpiryReason) => void): void {
  handler = next;
}

export function sessionExpired(reason: ExpiryReason = 'ended'): void {
  if (leaving > 0) return;
  handler(reason);
}

/**
 * runs a way out the player asked for (log out, deleting the account) from start to its last
 * navigation: a request that meets the ended session meanwhile is not an expiry, and must not send
 * the page to the sign-in form ahead of the flow's own destination and notice
 */
export async function leavingSession<T>(flow: () => Promise<T>): Promise<T> {
  leaving += 1;
  try {
    return await flow();
  } finally {
    leaving -= 1;
  }
}
