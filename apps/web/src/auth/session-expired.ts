// what the app does when the session cannot be renewed; the router registers the real handler
let handler: () => void = () => {};

export function onSessionExpired(next: () => void): void {
  handler = next;
}

export function sessionExpired(): void {
  handler();
}
