import type { UserView } from '@sayspell/core/protocol/auth';
import { type ReactNode, Suspense } from 'react';
import { preloadable } from './preloadable.ts';
import { ShellFallback } from './shell-fallback.tsx';

// issue 22: the social provider holds the socket (socket.io-client and its parser): it loads only
// for a signed-in player, never for a visitor of the landing page. the app layout's loader starts
// it with the page's data, and a guest's sign-in beside its request, so it is usually there at the
// first render. if not (just signed in with a password), the shell's skeleton shows until it is:
// never the page itself, which the provider's arrival would mount again, losing what the player had
// already chosen or typed (a guest's setup form reset under their clicks on a busy machine)
export const socialProvider = preloadable(
  () => import('../social/social-provider.tsx'),
  (m) => m.SocialProvider,
);

let loaded = false;

// the header's avatar and name: a signed-in player's only
export const userBadge = preloadable(
  () => import('./user-badge.tsx'),
  (m) => m.UserBadge,
);

/** the app layout's loader: a signed-in player's social layer loads beside the page's data */
export async function loadSocial(): Promise<null> {
  await Promise.all([socialProvider.load(), userBadge.load()]);
  loaded = true;
  return null;
}

export const socialLoaded = () => loaded;

export function SocialMount({ me, children }: { me: UserView; children: ReactNode }) {
  return (
    <Suspense fallback={<ShellFallback />}>
      <socialProvider.Component me={me}>{children}</socialProvider.Component>
    </Suspense>
  );
}
