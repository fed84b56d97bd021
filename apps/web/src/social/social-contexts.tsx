import type { UserView } from '@sayspell/core/protocol/auth';
import { createContext, type ReactNode, useContext } from 'react';
import type { AppSocket } from '../realtime/socket.ts';
import type { Blocking } from './use-blocking.ts';
import type { Chats } from './use-chats.ts';
import type { Invites } from './use-invites.ts';
import type { Presence } from './use-presence.ts';

// issue 22: the social layer's contexts, apart from its stores. they are tiny and sit in the entry,
// around the page from its first render; the stores (and the socket client under them) load after
// the first paint and fill them in (components/social-mount.tsx). until then every reader gets
// null, as outside a signed-in player's pages, so the page is never mounted a second time

export interface SocialSession {
  me: UserView;
  socket: AppSocket;
}

/** what the stores hold; one context each, so a screen re-renders for its own concern only */
export interface SocialState {
  session: SocialSession;
  presence: Presence;
  invites: Invites;
  chats: Chats;
  blocking: Blocking;
}

const SessionContext = createContext<SocialSession | null>(null);
export const PresenceContext = createContext<Presence | null>(null);
export const InvitesContext = createContext<Invites | null>(null);
export const ChatsContext = createContext<Chats | null>(null);
export const BlockingContext = createContext<Blocking | null>(null);

/** the signed-in player and the socket; null outside a signed-in player's pages (or before the socket's code is in) */
export function useSocial(): SocialSession | null {
  return useContext(SessionContext);
}

/** the online list, for the screens that show it */
export function usePresence(): Presence | null {
  return useContext(PresenceContext);
}

/** invites in and out, for the invite popups and the list's Invite button */
export function useInvites(): Invites | null {
  return useContext(InvitesContext);
}

/** the open chat and the unread counts */
export function useChats(): Chats | null {
  return useContext(ChatsContext);
}

/** blocking and the block confirmation */
export function useBlocking(): Blocking | null {
  return useContext(BlockingContext);
}

export function SocialContexts({ state, children }: { state: SocialState | null; children: ReactNode }) {
  return (
    <SessionContext.Provider value={state?.session ?? null}>
      <PresenceContext.Provider value={state?.presence ?? null}>
        <InvitesContext.Provider value={state?.invites ?? null}>
          <ChatsContext.Provider value={state?.chats ?? null}>
            <BlockingContext.Provider value={state?.blocking ?? null}>{children}</BlockingContext.Provider>
          </ChatsContext.Provider>
        </InvitesContext.Provider>
      </PresenceContext.Provider>
    </SessionContext.Provider>
  );
}
