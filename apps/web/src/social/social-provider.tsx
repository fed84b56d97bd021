import type { UserView } from '@sayspell/core/protocol/auth';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { type AppSocket, acquireSocket, releaseSocket } from '../realtime/socket.ts';
import { useBadgeTitle } from './tab-title.ts';
import { BlockingContext, useBlockingStore } from './use-blocking.ts';
import { ChatsContext, useChatsStore } from './use-chats.ts';
import { useInGameReport } from './use-in-game-report.ts';
import { InvitesContext, useInvitesStore } from './use-invites.ts';
import { PresenceContext, usePresenceStore } from './use-presence.ts';

// everything social on one socket (§4), one concern per store: who is online, invites both ways,
// chats and blocks. each has its own context, so a screen re-renders for its own concern only
// (a presence tick does not touch the invite popups)

export interface SocialSession {
  me: UserView;
  socket: AppSocket;
}

const SessionContext = createContext<SocialSession | null>(null);

/** the signed-in player and the socket; null outside a signed-in player's pages */
export function useSocial(): SocialSession | null {
  return useContext(SessionContext);
}

export function SocialProvider({ me, children }: { me: UserView; children: ReactNode }) {
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

  return (
    <SessionContext.Provider value={session}>
      <PresenceContext.Provider value={presence}>
        <InvitesContext.Provider value={invites}>
          <ChatsContext.Provider value={chats}>
            <BlockingContext.Provider value={blocking}>{children}</BlockingContext.Provider>
          </ChatsContext.Provider>
        </InvitesContext.Provider>
      </PresenceContext.Provider>
    </SessionContext.Provider>
  );
}
