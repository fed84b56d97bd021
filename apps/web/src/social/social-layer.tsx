import { Suspense } from 'react';
import { optionalLazy } from '../components/optional-lazy.ts';
import { useBlocking, useChats, useInvites } from './social-contexts.tsx';

// the social popups (an invite in, the sender's wait, a notice, the block question, a chat) are
// modals and tables: mantine's modal, menu, table, scroll area and text area, some twenty files.
// most page loads show none of them, so their code loads when the first one has something to
// show, one round trip before it opens (issue 22). a load cut by the network waits for it and
// tries once more (optional-lazy.ts)
const SocialPopups = optionalLazy(async () => (await import('./social-popups.tsx')).SocialPopups);

/** whether any social popup has something to show: the conditions each popup renders on */
export function useSocialPopupsShown(): boolean {
  const invites = useInvites();
  const blocking = useBlocking();
  const chats = useChats();
  return (
    (invites !== null &&
      (invites.received.length > 0 || invites.waiting !== null || invites.notice !== null)) ||
    !!blocking?.blockCandidate ||
    !!chats?.chatWith
  );
}

/** the social popups, on every page of a signed-in player */
export function SocialLayer() {
  if (!useSocialPopupsShown()) return null;
  return (
    <Suspense fallback={null}>
      <SocialPopups />
    </Suspense>
  );
}
