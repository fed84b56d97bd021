import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@sayspell/core/protocol/social';
import type { Throttle } from '../auth/throttle.ts';
import type { Users } from '../auth/users.ts';
import { DomainError } from '../errors.ts';
import type { ChatRepository } from './chat-repository.ts';
import type { SocialNotifier } from './notifier.ts';
import type { Relations } from './relations.ts';

// chat between two users (§4): stored, delivered in real time, refused across a block

const MESSAGES_PER_MINUTE = 30;
const HISTORY_LIMIT = 200;

export function createChatService(deps: {
  repo: ChatRepository;
  users: Users;
  relations: Relations;
  notifier: SocialNotifier;
  throttle: Throttle;
  clock: { now(): number };
}) {
  const { repo, users, relations, notifier } = deps;

  async function assertMayTalk(me: string, other: string) {
    const blocked = await relations.blockedBetween(me, other);
    if (blocked.bBlockedA) {
      const them = await users.find(other);
      throw new DomainError('BLOCKED', `${them?.username ?? 'This player'} blocked you`);
    }
    if (blocked.aBlockedB) throw new DomainError('BLOCKED', 'You blocked this player. Unblock them to chat.');
  }

  /** chatting and inviting wait for the EULA (§6): a guest may play without it, not talk */
  async function assertEulaConfirmed(me: string, action: 'chat' | 'invite') {
    const user = await users.byId(me);
    if (user.hasConfirmedEula) return;
    throw new DomainError(
      'FORBIDDEN',
      action === 'chat'
        ? 'Please accept the EULA (I Understand) before you chat.'
        : 'Please accept the EULA (I Understand) before you invite a player.',
    );
  }

  return {
    assertEulaConfirmed,
    async send(me: string, input: { fromId: string; toId: string; message: string }): Promise<ChatMessage> {
      if (input.fromId !== me) throw new DomainError('FORBIDDEN', 'fromId must be your own id.');
      if (input.toId === me) throw new DomainError('BAD_REQUEST', 'You cannot chat with yourself.');
      const to = await users.find(input.toId);
      if (!to || to.deletedAt) throw new DomainError('NOT_FOUND', 'That player does not exist.');
      await assertEulaConfirmed(me, 'chat');
      await assertMayTalk(me, input.toId);
      await deps.throttle.take(`chat:${me}`, MESSAGES_PER_MINUTE, 'messages');
      const from = await users.byId(me);
      const id = randomUUID();
      const createdAt = deps.clock.now();
      await repo.add({ id, fromId: me, toId: input.toId, message: input.message, createdAt });
      const chat: ChatMessage = {
        _id: id,
        id,
        message: input.message,
        from: { _id: from.id, id: from.id, username: from.username },
        to: input.toId,
        createdAt: new Date(createdAt).toISOString(),
      };
      notifier.user(input.toId, 'message', chat);
      notifier.user(me, 'message', chat);
      return chat;
    },

    async history(me: string, id1: string, id2: string): Promise<{ messages: ChatMessage[] }> {
      if (me !== id1 && me !== id2)
        throw new DomainError('FORBIDDEN', 'You can only read your own conversations.');
      const other = me === id1 ? id2 : id1;
      const rows = await repo.between(me, other, HISTORY_LIMIT);
      const names = new Map<string, string>();
      for (const id of [me, other]) names.set(id, (await users.find(id))?.username ?? 'deleted');
      return {
        messages: rows.map((r) => ({
          _id: r.id,
          id: r.id,
          message: r.message,
          from: { _id: r.fromId, id: r.fromId, username: names.get(r.fromId) ?? '' },
          to: r.toId,
          createdAt: new Date(r.createdAt).toISOString(),
        })),
      };
    },

    /** unread messages per sender */
    async unread(me: string): Promise<{ counts: Record<string, number> }> {
      return { counts: await repo.unreadCounts(me) };
    },

    async markRead(me: string, from: string) {
      await repo.markRead(me, from, deps.clock.now());
      return {};
    },

    async typing(me: string, to: string, typing: boolean) {
      await assertMayTalk(me, to);
      notifier.user(to, 'typing', { from: me, typing });
      return {};
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
