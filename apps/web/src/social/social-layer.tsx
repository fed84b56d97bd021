import { type ComponentType, useEffect, useState } from 'react';
import { useBlocking, useChats, useInvites } from './social-contexts.tsx';

// the social popups (an invite in, the sender's wait, a notice, the block question, a chat) are
// modals and tables: mantine's modal, menu, table, scroll area and text area, some twenty files.
// most page loads show none of them, so their code loads when the first one has something to
// show, one round trip before it opens (issue 22). a load that fails (the network went away, or
// a new version replaced the files) is not remembered: the next popup, or the network coming
// back while one waits, tries again

let loaded: ComponentType | null = null;
const loadPopups = () =>
  import('./social-popups.tsx').then((m) => {
    loaded = m.SocialPopups;
    return loaded;
  });

/** fetches the popups' code ahead: the invite form is open, and the sender's wait comes next */
export function preloadSocialPopups(): void {
  if (!loaded) loadPopups().catch(() => {});
}

/** whether any social popup has something to show: the conditions each popup renders on */
function usePopupsShown(): boolean {
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
  const shown = usePopupsShown();
  const [Popups, setPopups] = useState<ComponentType | null>(() => loaded);
  useEffect(() => {
    if (!shown || Popups) return;
    let live = true;
    const load = () =>
      loadPopups().then(
        (component) => {
          if (live) setPopups(() => component);
        },
        () => {
          if (live) window.addEventListener('online', load, { once: true });
        },
      );
    void load();
    return () => {
      live = false;
      window.removeEventListener('online', load);
    };
  }, [shown, Popups]);
  return shown && Popups ? <Popups /> : null;
}
