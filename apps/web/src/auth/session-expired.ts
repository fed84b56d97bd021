// what the app does when the session cannot be renewed; the router registers the real handler
/** why: 'removed' when an administrator removed the account (it goes to /adminRemoved) */
export type ExpiryReason = 'ended' | 'removed';

let handler: (reason: ExpiryReason) => void = () => {};

export function onSessionExpired(next: (reason: ExpiryReason) => void): void {
  handler = next;
}

export function sessionExpired(reason: ExpiryReason = 'ended'): void {
  handler(reason);
}
