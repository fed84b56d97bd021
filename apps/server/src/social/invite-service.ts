import { randomInt, randomUUID } from 'node:crypto';
import { INVITE_TIMEOUT_MS } from '@sayspell/core/constants';
import type {
  InviteCancel,
  InviteResponse,
  InviteSettings,
  InviteView,
} from '@sayspell/core/protocol/social';
import { and, eq, lte, or } from 'drizzle-orm';
import type { Throttle } from '../auth/throttle.ts';
import type { UserRow, Users } from '../auth/users.ts';
import type { Db } from '../db/database.ts';
import { games as gamesTable, invites } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import type { GameService } from '../games/game-service.ts';
import type { SocialNotifier } from './notifier.ts';
import type { Relations } from './relations.ts';

// invitations (§4): the server keeps every invite, so it expires after 30 s even when the sender's
// tab is gone, a pair has one pending invite, a blocked pair none, and an accept makes one game

type InviteRow = typeof invites.$inferSelect;
const BUSY = 'Player is Busy. Please try them later.';
const INVITES_PER_MINUTE = 20;

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const who = (u: Pick<UserRow, 'id' | 'username'>) => ({ id: u.id, _id: u.id, username: u.username });

export function createInviteService(deps: {
  db: Db;
  users: Users;
  relations: Relations;
  games: GameService;
  notifier: SocialNotifier;
  throttle: Throttle;
  clock: { now(): number };
  timeoutMs?: number;
  /** a custom-topic game (category_custom with a topic): made by the topic service */
  customGame?: (
    callerId: string,
    input: {
      category: string;
      gametimer: number;
      userId: string;
      speaker: string;
      difficulty: 'beginner' | 'intermediate' | 'advanced';
      language: string;
    },
  ) => Promise<{ _id: string }>;
  /** an enterprise-topic game (category_enterprise with a topic): made for the sender, a member */
  enterpriseGame?: (
    callerId: string,
    input: {
      enterPriseCategory: string;
      gametimer: number;
      userId: string;
      speakerId: string;
      difficulty: 'beginner' | 'intermediate' | 'advanced';
      language: string;
    },
  ) => Promise<{ _id: string }>;
}) {
  const { db, users, relations, notifier, clock } = deps;
  const timeoutMs = deps.timeoutMs ?? INVITE_TIMEOUT_MS;
  const timers = new Map<string, NodeJS.Timeout>();

  function view(row: InviteRow, sender: UserRow): InviteView {
    const category = row.settings.category.replace(/^category_/, '');
    return {
      _id: row.id,
      user: who(sender),
      name: sender.name ?? sender.username,
      role: capitalised(row.settings.role) as InviteView['role'],
      category: capitalised(category),
      settings: {
        category: row.settings.category,
        role: row.settings.role,
        ...(row.settings.topic ? { topic: row.settings.topic } : {}),
      },
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
    };
  }

  async function isBusy(user: UserRow): Promise<boolean> {
    if (user.inGameSince !== null) return true;
    const [running] = await db
      .select({ id: gamesTable.id })
      .from(gamesTable)
      .where(
        and(
          eq(gamesTable.status, 'started'),
          or(eq(gamesTable.spellerId, user.id), eq(gamesTable.speakerId, user.id)),
        ),
      )
      .limit(1);
    return running !== undefined;
  }

  /** ends a pending invite once (whoever gets there first wins) */
  async function end(id: string, status: InviteRow['status'], reason: string, gameId?: string) {
    const [row] = await db
      .update(invites)
      .set({ status, reason, endedAt: clock.now(), ...(gameId ? { gameId } : {}) })
      .where(and(eq(invites.id, id), eq(invites.status, 'pending')))
      .returning();
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    return row;
  }

  function answerSender(
    row: InviteRow,
    receiver: UserRow,
    response: Omit<InviteResponse, 'inviteId' | 'user'>,
  ) {
    notifier.invites(row.fromId, 'invite-response', { inviteId: row.id, user: who(receiver), ...response });
  }

  function cancelForReceiver(row: InviteRow, sender: UserRow, reason: InviteCancel['reason']) {
    notifier.invites(row.toId, 'invite-cancel', {
      inviteId: row.id,
      user: who(sender),
      reason,
    } satisfies InviteCancel);
  }

  async function expire(id: string) {
    const row = await end(id, 'expired', 'timeout');
    if (!row) return;
    const [sender, receiver] = await Promise.all([users.find(row.fromId), users.find(row.toId)]);
    if (sender) cancelForReceiver(row, sender, 'timeout');
    if (receiver) answerSender(row, receiver, { response: false, type: 'timeout' });
  }

  function schedule(row: InviteRow) {
    const timer = setTimeout(
      () => void expire(row.id).catch(() => {}),
      Math.max(0, row.expiresAt - clock.now()),
    );
    timer.unref();
    timers.set(row.id, timer);
  }

  const TIMED_OUT = 'This invite has timed out.';

  async function pendingOf(id: string, check: (row: InviteRow) => boolean) {
    const [row] = await db.select().from(invites).where(eq(invites.id, id));
    if (!row || !check(row)) throw new DomainError('NOT_FOUND', 'There is no such invite.');
    if (row.status === 'expired') throw new DomainError('CONFLICT', TIMED_OUT);
    if (row.status !== 'pending') {
      throw new DomainError('CONFLICT', 'This invite is no longer open.');
    }
    // past its 30 s the invite is over even if its timer has not fired yet (another instance's
    // timer, or the sweep still to come): expire it now rather than let it be answered
    if (row.expiresAt <= clock.now()) {
      await expire(row.id);
      throw new DomainError('CONFLICT', TIMED_OUT);
    }
    return row;
  }

  return {
    async send(fromId: string, toId: string, settings: InviteSettings) {
      if (fromId === toId) throw new DomainError('BAD_REQUEST', 'You cannot invite yourself.');
      await deps.throttle.check(`invite:${fromId}`, INVITES_PER_MINUTE, 'invites');
      await deps.throttle.hit(`invite:${fromId}`);
      const [sender, receiver] = await Promise.all([users.byId(fromId), users.find(toId)]);
      if (!receiver || receiver.deletedAt || receiver.removedAt) {
        throw new DomainError('NOT_FOUND', 'That player does not exist.');
      }
      const blocked = await relations.blockedBetween(fromId, toId);
      if (blocked.aBlockedB)
        throw new DomainError('BLOCKED', 'You blocked this player. Unblock them to invite them.');
      if (blocked.bBlockedA) throw new DomainError('BLOCKED', 'This player cannot be invited.');
      if (!(await notifier.isOnline(toId)))
        throw new DomainError('OFFLINE', 'That player is not online any more.');
      if (await isBusy(receiver)) throw new DomainError('BUSY', BUSY);
      const [theirs] = await db
        .select({ id: invites.id })
        .from(invites)
        .where(and(eq(invites.fromId, toId), eq(invites.toId, fromId), eq(invites.status, 'pending')));
      if (theirs)
        throw new DomainError(
          'PENDING',
          `${receiver.username} has already invited you: answer their invite.`,
        );

      const now = clock.now();
      let row: InviteRow | undefined;
      try {
        [row] = await db
          .insert(invites)
          .values({
            id: randomUUID(),
            fromId,
            toId,
            settings,
            status: 'pending',
            createdAt: now,
            expiresAt: now + timeoutMs,
          })
          .returning();
      } catch (err) {
        const e = err as { code?: string; cause?: { code?: string } };
        if (e.code === '23505' || e.cause?.code === '23505') {
          throw new DomainError('PENDING', 'You have already invited this player: wait for their answer.');
        }
        throw err;
      }
      if (!row) throw new DomainError('CONFLICT', 'The invite could not be sent. Please try again.');
      schedule(row);
      notifier.invites(toId, 'invite', view(row, sender));
      return { inviteId: row.id, expiresAt: row.expiresAt };
    },

    async respond(me: string, inviteId: string, accept: boolean, type?: 'ingame') {
      const row = await pendingOf(inviteId, (r) => r.toId === me);
      const [sender, receiver] = await Promise.all([users.find(row.fromId), users.byId(me)]);
      if (!sender || sender.deletedAt) {
        await end(row.id, 'cancelled', 'sender-gone');
        throw new DomainError('CONFLICT', 'The player who invited you is gone.');
      }
      if (!accept) {
        const ended = await end(row.id, 'declined', type ?? 'declined');
        if (ended) answerSender(ended, receiver, { response: false, ...(type ? { type } : {}) });
        return {};
      }
      const blocked = await relations.blockedBetween(row.fromId, me);
      if (blocked.aBlockedB || blocked.bBlockedA) {
        await end(row.id, 'declined', 'blocked');
        throw new DomainError('BLOCKED', 'This invite cannot be accepted.');
      }
      // claim the invite first: a double click or a second tab accepts once
      const claimed = await end(row.id, 'accepted', 'accepted');
      if (!claimed) throw new DomainError('CONFLICT', 'This invite is no longer open.');
      const senderRole =
        row.settings.role === 'either' ? (randomInt(2) === 0 ? 'speaker' : 'speller') : row.settings.role;
      const speaker = senderRole === 'speaker' ? row.fromId : me;
      const speller = senderRole === 'speaker' ? me : row.fromId;
      // custom and enterprise categories create their own game types (§4 accept)
      const enterprise =
        row.settings.category === 'category_enterprise' && row.settings.topic && deps.enterpriseGame;
      const game = enterprise
        ? await enterprise(row.fromId, {
            enterPriseCategory: row.settings.topic!,
            gametimer: row.settings.gameTimer,
            userId: speller,
            speakerId: speaker,
            difficulty: row.settings.difficulty,
            language: row.settings.language,
          })
        : row.settings.category === 'category_custom' && row.settings.topic && deps.customGame
          ? await deps.customGame(me, {
              category: row.settings.topic,
              gametimer: row.settings.gameTimer,
              userId: speller,
              speaker,
              difficulty: row.settings.difficulty,
              language: row.settings.language,
            })
          : await deps.games.createPartnered(me, {
              language: row.settings.language,
              difficulty: row.settings.difficulty,
              category: row.settings.category,
              gameTimer: row.settings.gameTimer,
              speaker,
              speller,
            });
      await db.update(invites).set({ gameId: game._id }).where(eq(invites.id, row.id));
      answerSender(row, receiver, { response: true, gameId: game._id });
      notifier.invites(me, 'invite-response-game', { inviteId: row.id, gameId: game._id });

      // accepting one refuses the others, and my own invites to others are withdrawn
      const others = await db
        .select()
        .from(invites)
        .where(and(eq(invites.status, 'pending'), or(eq(invites.toId, me), eq(invites.fromId, me))));
      for (const other of others) {
        if (other.toId === me) {
          const ended = await end(other.id, 'declined', 'accepted-other');
          if (ended) answerSender(ended, receiver, { response: false });
        } else {
          const ended = await end(other.id, 'cancelled', 'accepted-other');
          if (ended) cancelForReceiver(ended, receiver, 'accepted-other');
        }
      }
      return { gameId: game._id };
    },

    async cancel(me: string, inviteId: string) {
      const row = await pendingOf(inviteId, (r) => r.fromId === me);
      const ended = await end(row.id, 'cancelled', 'cancelled');
      if (ended) cancelForReceiver(ended, await users.byId(me), 'cancelled');
      return {};
    },

    /** what a reloaded tab needs: invites waiting for me, and mine waiting for others */
    async pending(me: string) {
      const rows = await db
        .select()
        .from(invites)
        .where(and(eq(invites.status, 'pending'), or(eq(invites.toId, me), eq(invites.fromId, me))));
      const received: InviteView[] = [];
      const sent: { inviteId: string; to: string; expiresAt: number }[] = [];
      for (const row of rows) {
        if (row.toId === me) {
          const sender = await users.find(row.fromId);
          if (sender) received.push(view(row, sender));
        } else sent.push({ inviteId: row.id, to: row.toId, expiresAt: row.expiresAt });
      }
      return { received: received.sort((a, b) => a.createdAt - b.createdAt), sent };
    },

    /** a block ends what is pending between the two */
    async endBetween(a: string, b: string) {
      const rows = await db
        .select()
        .from(invites)
        .where(
          and(
            eq(invites.status, 'pending'),
            or(
              and(eq(invites.fromId, a), eq(invites.toId, b)),
              and(eq(invites.fromId, b), eq(invites.toId, a)),
            ),
          ),
        );
      for (const row of rows) {
        const ended = await end(row.id, 'declined', 'blocked');
        if (!ended) continue;
        const [sender, receiver] = await Promise.all([users.find(row.fromId), users.find(row.toId)]);
        if (sender) cancelForReceiver(ended, sender, 'blocked');
        if (receiver) answerSender(ended, receiver, { response: false, type: 'blocked' });
      }
    },

    /** the safety net for invites whose timer died with another instance */
    async sweep() {
      const due = await db
        .select({ id: invites.id })
        .from(invites)
        .where(and(eq(invites.status, 'pending'), lte(invites.expiresAt, clock.now())));
      for (const { id } of due) await expire(id);
      return due.length;
    },

    stop() {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}

export type InviteService = ReturnType<typeof createInviteService>;
