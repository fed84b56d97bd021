import type { UserView } from '@sayspell/core/protocol/auth';
import { type ReactNode, Suspense, startTransition, useCallback, useRef, useState } from 'react';
import { SocialContexts, type SocialState } from '../social/social-contexts.tsx';
import { preloadable } from './preloadable.ts';

// issue 22: a signed-in player's social layer (presence, invites, chats, blocks) and the socket
// client under it (17 KB gzip) load after the first paint, not before it. the page is wrapped in the
// social contexts from its first render, empty until the stores arrive beside it and fill them in:
// the page is mounted once and keeps what the player had chosen or typed meanwhile (a guest's setup
// form once reset under their clicks when the provider's arrival wrapped the page anew)
export const socialStores = preloadable(
  () => import('../social/social-provider.tsx'),
  (m) => m.SocialStores,
);

/** the social contexts around the page, always (a sign-in never remounts it); the stores only for `me` */
export function SocialMount({ me, children }: { me: UserView | null; children: ReactNode }) {
  const [state, setState] = useState<SocialState | null>(null);
  // a player's first state from the stores fills every reader at once (the header's badge, who is
  // online, the gates): a render of the whole social layer, one long task on a phone's cpu. it is a
  // transition, which react renders in slices of a few ms (issue 22: the home's blocking time).
  // every later change shows in the frame it happens in, as before; the next player signed in on
  // this tab gets their first state in slices too
  const arrivedFor = useRef<string | null>(null);
  const onChange = useCallback((next: SocialState) => {
    const player = next.session.me._id;
    if (arrivedFor.current === player) return setState(next);
    arrivedFor.current = player;
    startTransition(() => setState(next));
  }, []);
  // a previous player's state is never shown to the next one
  const shown = me && state?.session.me._id === me._id ? state : null;
  return (
    <>
      <SocialContexts state={shown}>{children}</SocialContexts>
      {me && (
        <Suspense fallback={null}>
          <socialStores.Component me={me} onChange={onChange} />
        </Suspense>
      )}
    </>
  );
}
