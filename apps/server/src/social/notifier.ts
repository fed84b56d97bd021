import type { ServerToClientEvents } from '@sayspell/core/protocol/socket';

// how social services reach users: their private and invite channels and the presence channel.
// an interface, so the services are tested without sockets and run the same on many instances.
// events and payloads are the protocol's: a service cannot send what the web does not read

export type ServerEvent = keyof ServerToClientEvents;
export type ServerPayload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];

export interface SocialNotifier {
  /** to every tab of a user (private-{userId}) */
  user<E extends ServerEvent>(userId: string, event: E, payload: ServerPayload<E>): void;
  /** to a user's invite channel (private-invite-{userId}) */
  invites<E extends ServerEvent>(userId: string, event: E, payload: ServerPayload<E>): void;
  /** to everyone on the online-users channel */
  presence<E extends ServerEvent>(event: E, payload: ServerPayload<E>): void;
  isOnline(userId: string): Promise<boolean>;
  /** user ids with a socket on the online-users channel, across instances */
  onlineUsers(): Promise<string[]>;
}
