import { GUEST_GAME_CAP } from '@sayspell/core/constants';
import type { OnlineUser } from '@sayspell/core/protocol/social';
import { sortOnlineUsers } from '@sayspell/core/rules/social';
import type { Users } from '../auth/users.ts';
import { DomainError } from '../errors.ts';
import type { StatsRepository } from '../stats/stats-repository.ts';
import type { InviteService } from './invite-service.ts';
import type { SocialNotifier } from './notifier.ts';
import type { Relations } from './relations.ts';

// friends, blocks and the online-users list (§4, §5, §6)

export function createSocialService(deps: {
  users: Users;
  relations: Relations;
  invites: InviteService;
  notifier: SocialNotifier;
  stats: StatsRepository;
}) {
  const { users, relations, notifier } = deps;

  async function other(me: string, id: string) {
    if (id === me) throw new DomainError('BAD_REQUEST', 'That is you.');
    const user = await users.find(id);
    if (!user || user.deletedAt) throw new DomainError('NOT_FOUND', 'That player does not exist.');
    return user;
  }
  const self = (me: string, id: string, field: string) => {
    if (id !== me) throw new DomainError('FORBIDDEN', `${field} must be your own id.`);
  };

  return {
    async addFriend(me: string, input: { userId: string; friendId: string }) {
      self(me, input.userId, 'userId');
      await other(me, input.friendId);
      await relations.addFriend(me, input.friendId);
      return { friends: await relations.friendsOf(me) };
    },

    async removeFriend(me: string, input: { userId: string; friendId: string }) {
      self(me, input.userId, 'userId');
      await relations.removeFriend(me, input.friendId);
      return { friends: await relations.friendsOf(me) };
    },

    async block(me: string, input: { userIdOne: string; userIdTwo: string }) {
      self(me, input.userIdOne, 'userIdOne');
      await other(me, input.userIdTwo);
      const blocker = await users.byId(me);
      await relations.block(me, input.userIdTwo);
      await deps.invites.endBetween(me, input.userIdTwo);
      notifier.user(input.userIdTwo, 'block-user', { userId: me, username: blocker.username, blocked: true });
      return relations.blocksOf(me);
    },

    async unblock(me: string, input: { userIdOne: string; userIdTwo: string }) {
      self(me, input.userIdOne, 'userIdOne');
      const blocker = await users.byId(me);
      await relations.unblock(me, input.userIdTwo);
      notifier.user(input.userIdTwo, 'block-user', {
        userId: me,
        username: blocker.username,
        blocked: false,
      });
      return relations.blocksOf(me);
    },

    /** the online-users list: who of `members` to show and how (§5) */
    async profiles(me: string, members: string[]): Promise<{ onlineUsers: OnlineUser[] }> {
      const ids = [...new Set(members)].filter((id) => id !== me);
      const [friends, blocks] = await Promise.all([relations.friendSet(me, ids), relations.blocksOf(me)]);
      const iBlocked = new Set(blocks.iBlocked);
      const blockedMe = new Set(blocks.blockedMe);
      const list: OnlineUser[] = [];
      for (const id of ids) {
        const u = await users.find(id);
        if (!u || u.deletedAt || u.removedAt) continue;
        if (u.role === 'guest' && (await deps.stats.finishedCount(u.id)) >= GUEST_GAME_CAP) continue;
        list.push({
          _id: u.id,
          username: u.username,
          role: u.role === 'guest' ? 'guest' : 'user',
          friend: friends.has(u.id),
          inGame: u.inGameSince !== null,
          blocked: iBlocked.has(u.id),
          blockedMe: blockedMe.has(u.id),
          picture: u.picture,
        });
      }
      return { onlineUsers: sortOnlineUsers(list) };
    },

    /** who is online right now, as the list shows them */
    async online(me: string) {
      return this.profiles(me, await notifier.onlineUsers());
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
