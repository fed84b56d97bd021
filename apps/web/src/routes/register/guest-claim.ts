// a guest who signs up keeps their games (issue 3): the sidebar's Sign-up asks the server for a
// claim ticket before logging the guest out, and the registration form sends it along

const KEY = 'sayspell.guest-claim';

export function keepGuestClaim(claim: string): void {
  sessionStorage.setItem(KEY, claim);
}

export function guestClaim(): string | undefined {
  return sessionStorage.getItem(KEY) ?? undefined;
}

export function forgetGuestClaim(): void {
  sessionStorage.removeItem(KEY);
}
