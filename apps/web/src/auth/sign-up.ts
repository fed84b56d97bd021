import { SIGN_UP_REDIRECT_MS } from '@sayspell/core/constants';
import { claimGuest } from '../api/accounts.ts';
import { signOut } from '../api/auth.ts';
import { leavePushService } from '../platform/push.ts';
import { keepGuestClaim } from '../routes/register/guest-claim.ts';
import { leavingSession } from './session-expired.ts';

// the socket client loads with the signed-in pages, not with the entry (issue 22)
export const disconnectSocket = async () => (await import('../realtime/socket.ts')).disconnectSocket();

/**
 * the guest's Sign-up (§2): keep a claim ticket so the new account inherits the guest's games,
 * log out, then open /register after 0.5 s
 */
export function signUpFromGuest(navigate: (to: string) => unknown): Promise<void> {
  return leavingSession(async () => {
    // without a ticket the sign-up still goes on; only the history would not move
    const claim = await claimGuest().catch(() => null);
    if (claim) keepGuestClaim(claim);
    await disconnectSocket();
    await signOut();
    await new Promise((resolve) => window.setTimeout(resolve, SIGN_UP_REDIRECT_MS));
    await navigate('/register');
  });
}

/** Log Out (§4): leave the push service (mobile), disconnect, log out, reload after 0.5 s onto /login */
export function logOut(): Promise<void> {
  return leavingSession(async () => {
    await leavePushService();
    await disconnectSocket();
    await signOut();
    await new Promise((resolve) => window.setTimeout(resolve, SIGN_UP_REDIRECT_MS));
    window.location.assign('/login');
  });
}
