import { GUEST_GAME_CAP } from '@sayspell/core/constants';
import type { OnlineUser, PeopleAnswer, Person } from '@sayspell/core/protocol/social';
import { sortOnlineUsers } from '@sayspell/core/rules/social';
import type { Users } from '../auth/users.ts';
import { DomainError } from '../errors.ts';
import type { StatsRepository } from '../stats/stats-repository.ts';
import type { InviteService } from './invite-service.ts';
import type { SocialNotifier } from './notifier.ts';
import type { PeopleRepository, PersonRow } from './people-repository.ts';
import type { Relations } from './relations.ts';

// friends, blocks and the online-users list (§4, §5, §6)

export function createSocialService(deps: {
  users: Users;
  relations: Relations;
  invites: InviteService;
  notifier: SocialNotifier;
  stats: StatsRepository;
  people: PeopleRepository;
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

    /**
     * my friends, whom I blocked and who wrote to me unread, online or not (issue 15 item 5): an
     * offline friend can still be chatted with, a blocked player unblocked, an unread chat opened
     */
    async people(me: string): Promise<PeopleAnswer> {
      const [friendRows, blockedRows, unreadRows, blocks, online] = await Promise.all([
        deps.people.friendsOf(me),
        deps.people.blockedBy(me),
        deps.people.unreadSenders(me),
        relations.blocksOf(me),
        notifier.onlineUsers(),
      ]);
      const onlineSet = new Set(online);
      const friendSet = new Set(friendRows.map((r) => r.id));
      const iBlocked = new Set(blocks.iBlocked);
      const blockedMe = new Set(blocks.blockedMe);
      const unread = new Map(unreadRows.map((r) => [r.id, r.unread]));
      const toPerson = (r: PersonRow): Person => {
        const isOnline = onlineSet.has(r.id);
        return {
          _id: r.id,
          username: r.username,
          role: r.role === 'guest' ? 'guest' : 'user',
          friend: friendSet.has(r.id),
          // 'In a game' only while they are here: a closed tab is offline, not playing
          inGame: isOnline && r.inGameSince !== null,
          blocked: iBlocked.has(r.id),
          blockedMe: blockedMe.has(r.id),
          picture: r.picture,
          online: isOnline,
          unread: unread.get(r.id) ?? 0,
        };
      };
      const friendsList = friendRows.map(toPerson);
      return {
        // online friends first; each group keeps the repository's order by name
        friends: [...friendsList.filter((p) => p.online), ...friendsList.filter((p) => !p.online)],
        blocked: blockedRows.map(toPerson),
        unread: unreadRows.map(toPerson),
      };
    },

    /**
     * the player's last socket is gone (after the grace period): a closed tab never reports
     * leaving /game, so 'In a game' ends here and the lists are told
     */
    async gone(userId: string) {
      const user = await users.find(userId);
      if (!user || user.inGameSince === null) return;
      await deps.stats.setInGame(userId, null);
      notifier.presence('route-update-idealgame', { userId });
    },

    /** who is online right now, as the list shows them */
    async online(me: string) {
      return this.profiles(me, await notifier.onlineUsers());
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
