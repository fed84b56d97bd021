import type { UserView } from '@sayspell/core/protocol/auth';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { acquireSocket, releaseSocket } from '../realtime/socket.ts';
import type { SocialState } from './social-contexts.tsx';
import { useBadgeTitle } from './tab-title.ts';
import { useBlockingStore } from './use-blocking.ts';
import { useChatsStore } from './use-chats.ts';
import { useInGameReport } from './use-in-game-report.ts';
import { useInvitesStore } from './use-invites.ts';
import { usePresenceStore } from './use-presence.ts';

// everything social on one socket (§4), one concern per store: who is online, invites both ways,
// chats and blocks. the stores render nothing: they hand their state to the contexts that wrap the
// page (social-contexts.tsx), so this code and the socket client can load after the first paint

export function SocialStores({ me, onChange }: { me: UserView; onChange: (state: SocialState) => void }) {
  const { pathname } = useLocation();
  const [socket] = useState(() => acquireSocket());
  useEffect(() => () => releaseSocket(), []);

  const inGame = pathname === '/game';
  useInGameReport(me._id, inGame, socket);
  const presence = usePresenceStore(socket, me._id);
  const invites = useInvitesStore(socket, inGame);
  const chats = useChatsStore(socket, me._id);
  const blocking = useBlockingStore(socket, me._id, {
    refreshList: presence.refresh,
    decline: invites.decline,
  });
  useBadgeTitle(Object.values(chats.unread).reduce((n, c) => n + c, 0) + invites.received.length);
  const session = useMemo(() => ({ me, socket }), [me, socket]);
  const state = useMemo(
    () => ({ session, presence, invites, chats, blocking }),
    [session, presence, invites, chats, blocking],
  );
  // before the paint: a store's change shows in the same frame, as when the stores were the providers
  useLayoutEffect(() => onChange(state), [onChange, state]);
  return null;
}
