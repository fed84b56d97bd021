import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@sayspell/core/protocol/social';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Throttle } from '../auth/throttle.ts';
import type { Users } from '../auth/users.ts';
import type { Db } from '../db/database.ts';
import { chatMessages } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import type { SocialNotifier } from './notifier.ts';
import type { Relations } from './relations.ts';

// chat between two users (§4): stored, delivered in real time, refused across a block

const MESSAGES_PER_MINUTE = 30;
const HISTORY_LIMIT = 200;

export function createChatService(deps: {
  db: Db;
  users: Users;
  relations: Relations;
  notifier: SocialNotifier;
  throttle: Throttle;
  clock: { now(): number };
}) {
  const { db, users, relations, notifier } = deps;

  async function assertMayTalk(me: string, other: string) {
    const blocked = await relations.blockedBetween(me, other);
    if (blocked.bBlockedA) {
      const them = await users.find(other);
      throw new DomainError('BLOCKED', `${them?.username ?? 'This player'} blocked you`);
    }
    if (blocked.aBlockedB) throw new DomainError('BLOCKED', 'You blocked this player. Unblock them to chat.');
  }

  return {
    async send(me: string, input: { fromId: string; toId: string; message: string }): Promise<ChatMessage> {
      if (input.fromId !== me) throw new DomainError('FORBIDDEN', 'fromId must be your own id.');
      if (input.toId === me) throw new DomainError('BAD_REQUEST', 'You cannot chat with yourself.');
      const to = await users.find(input.toId);
      if (!to || to.deletedAt) throw new DomainError('NOT_FOUND', 'That player does not exist.');
      await assertMayTalk(me, input.toId);
      await deps.throttle.check(`chat:${me}`, MESSAGES_PER_MINUTE, 'messages');
      await deps.throttle.hit(`chat:${me}`);
      const from = await users.byId(me);
      const id = randomUUID();
      const createdAt = deps.clock.now();
      await db
        .insert(chatMessages)
        .values({ id, fromId: me, toId: input.toId, message: input.message, createdAt });
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
      const rows = await db
        .select()
        .from(chatMessages)
        .where(
          or(
            and(eq(chatMessages.fromId, me), eq(chatMessages.toId, other)),
            and(eq(chatMessages.fromId, other), eq(chatMessages.toId, me)),
          ),
        )
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
        .limit(HISTORY_LIMIT);
      const names = new Map<string, string>();
      for (const id of [me, other]) names.set(id, (await users.find(id))?.username ?? 'deleted');
      return {
        messages: rows.reverse().map((r) => ({
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
      const rows = await db
        .select({ from: chatMessages.fromId, n: sql<number>`count(*)` })
        .from(chatMessages)
        .where(and(eq(chatMessages.toId, me), isNull(chatMessages.readAt)))
        .groupBy(chatMessages.fromId)
        .orderBy(asc(chatMessages.fromId));
      return { counts: Object.fromEntries(rows.map((r) => [r.from, Number(r.n)])) };
    },

    async markRead(me: string, from: string) {
      await db
        .update(chatMessages)
        .set({ readAt: deps.clock.now() })
        .where(and(eq(chatMessages.toId, me), eq(chatMessages.fromId, from), isNull(chatMessages.readAt)));
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
