// how social services reach users: their private and invite channels and the presence channel.
// an interface, so the services are tested without sockets and run the same on many instances

export interface SocialNotifier {
  /** to every tab of a user (private-{userId}) */
  user(userId: string, event: string, payload: unknown): void;
  /** to a user's invite channel (private-invite-{userId}) */
  invites(userId: string, event: string, payload: unknown): void;
  /** to everyone on the online-users channel */
  presence(event: string, payload: unknown): void;
  isOnline(userId: string): Promise<boolean>;
  /** user ids with a socket on the online-users channel, across instances */
  onlineUsers(): Promise<string[]>;
}
