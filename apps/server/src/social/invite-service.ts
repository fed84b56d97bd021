import { randomInt } from 'node:crypto';
import { INVITE_TIMEOUT_MS } from '@sayspell/core/constants';
import type {
  InviteCancel,
  InviteOutcome,
  InviteResponse,
  InviteSettings,
  InviteView,
} from '@sayspell/core/protocol/social';
import type { Throttle } from '../auth/throttle.ts';
import type { UserRow, Users } from '../auth/users.ts';
import { DomainError } from '../errors.ts';
import type { GameService } from '../games/game-service.ts';
import type { DeadlineScheduler } from '../games/lifecycle/deadline-scheduler.ts';
import type { Invite, InviteRepository } from './invite-repository.ts';
import type { SocialNotifier } from './notifier.ts';
import type { Relations } from './relations.ts';

// invitations (§4): the server keeps every invite, so it expires after 30 s even when the sender's
// tab is gone, a pair has one pending invite, a blocked pair none, and an accept makes one game

const BUSY = 'Player is Busy. Please try them later.';
const INVITES_PER_MINUTE = 20;
/** invites one player can receive a minute, from everyone together: many senders (or fresh
 * guests) cannot flood one player */
const INVITES_RECEIVED_PER_MINUTE = 30;

/** a game of a topic's words, between the two players of an accepted invite */
interface TopicGameRequest {
  topic: string;
  gameTimer: number;
  speller: string;
  speaker: string;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  language: string;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const who = (u: Pick<UserRow, 'id' | 'username'>) => ({ id: u.id, _id: u.id, username: u.username });

export function createInviteService(deps: {
  repo: InviteRepository;
  users: Users;
  relations: Relations;
  games: GameService;
  notifier: SocialNotifier;
  throttle: Throttle;
  clock: { now(): number };
  /** the instance's one deadline clock, shared with the games */
  scheduler: DeadlineScheduler;
  timeoutMs?: number;
  /**
   * refuses, with a 4xx sentence, settings no game can be made of (a disabled language, an
   * unavailable category, a topic without words): checked when the invite is sent, so an accept
   * does not fail after the invite was claimed
   */
  checkSettings?: (fromId: string, settings: InviteSettings) => Promise<void>;
  /** a custom-topic game (category_custom with a topic): made by the topic service */
  customGame?: (callerId: string, input: TopicGameRequest) => Promise<{ _id: string }>;
  /** an enterprise-topic game (category_enterprise with a topic): made for the sender, a member */
  enterpriseGame?: (callerId: string, input: TopicGameRequest) => Promise<{ _id: string }>;
}) {
  const { repo, users, relations, notifier, clock } = deps;
  const timeoutMs = deps.timeoutMs ?? INVITE_TIMEOUT_MS;
  // an invite's 30 s on the instance's one deadline clock (games/lifecycle/deadline-scheduler.ts)
  const expiryKey = (id: string) => `invite-expires:${id}`;

  function view(row: Invite, sender: UserRow): InviteView {
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
    return user.inGameSince !== null || (await repo.inRunningGame(user.id));
  }

  /** ends a pending invite once (whoever gets there first wins) */
  async function end(id: string, status: Invite['status'], reason: string, gameId?: string) {
    const row = await repo.endPending(id, {
      status,
      reason,
      endedAt: clock.now(),
      ...(gameId ? { gameId } : {}),
    });
    deps.scheduler.cancel(expiryKey(id));
    return row;
  }

  function answerSender(row: Invite, receiver: UserRow, response: Omit<InviteResponse, 'inviteId' | 'user'>) {
    notifier.invites(row.fromId, 'invite-response', { inviteId: row.id, user: who(receiver), ...response });
  }

  function cancelForReceiver(row: Invite, sender: UserRow, reason: InviteCancel['reason']) {
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

  function schedule(row: Invite) {
    deps.scheduler.at(expiryKey(row.id), row.expiresAt, () => expire(row.id));
  }

  /** the game an accepted invite makes (custom and enterprise categories make their own, §4) */
  async function makeGame(row: Invite, me: string, speaker: string, speller: string) {
    const { topic, gameTimer, difficulty, language } = row.settings;
    const request = topic ? { topic, gameTimer, speller, speaker, difficulty, language } : null;
    return request && row.settings.category === 'category_enterprise' && deps.enterpriseGame
      ? await deps.enterpriseGame(row.fromId, request)
      : request && row.settings.category === 'category_custom' && deps.customGame
        ? await deps.customGame(me, request)
        : await deps.games.createPartnered(me, {
            language: row.settings.language,
            difficulty: row.settings.difficulty,
            category: row.settings.category,
            gameTimer: row.settings.gameTimer,
            speaker,
            speller,
          });
  }

  const TIMED_OUT = 'This invite has timed out.';

  async function pendingOf(id: string, check: (row: Invite) => boolean) {
    const row = await repo.get(id);
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
      await deps.throttle.take(`invite:${fromId}`, INVITES_PER_MINUTE, 'invites');
      const [sender, receiver] = await Promise.all([users.byId(fromId), users.find(toId)]);
      if (!receiver || receiver.deletedAt || receiver.removedAt) {
        throw new DomainError('NOT_FOUND', 'That player does not exist.');
      }
      await deps.throttle
        .take(`invite-to:${toId}`, INVITES_RECEIVED_PER_MINUTE, 'invites')
        .catch((err: unknown) => {
          if (!(err instanceof DomainError)) throw err;
          throw new DomainError(
            'RATE_LIMITED',
            `${receiver.username} has had too many invites this minute. Please try again in a minute.`,
          );
        });
      const blocked = await relations.blockedBetween(fromId, toId);
      if (blocked.aBlockedB)
        throw new DomainError('BLOCKED', 'You blocked this player. Unblock them to invite them.');
      if (blocked.bBlockedA) throw new DomainError('BLOCKED', 'This player cannot be invited.');
      if (!(await notifier.isOnline(toId)))
        throw new DomainError('OFFLINE', 'That player is not online any more.');
      if (await isBusy(receiver)) throw new DomainError('BUSY', BUSY);
      await deps.checkSettings?.(fromId, settings);
      if (await repo.hasPending(toId, fromId))
        throw new DomainError(
          'PENDING',
          `${receiver.username} has already invited you: answer their invite.`,
        );

      const now = clock.now();
      const row = await repo.createPending({
        fromId,
        toId,
        settings,
        createdAt: now,
        expiresAt: now + timeoutMs,
      });
      if (!row)
        throw new DomainError('PENDING', 'You have already invited this player: wait for their answer.');
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
      let game: { _id: string };
      try {
        game = await makeGame(row, me, speaker, speller);
      } catch (err) {
        // no accepted invite without a game: the invite ends as failed and the sender hears why
        const message =
          err instanceof DomainError ? err.message : 'The game could not be made. Please try again.';
        await repo.failAccepted(row.id, clock.now());
        answerSender(row, receiver, { response: false, type: 'failed', message });
        throw err;
      }
      await repo.setGame(row.id, game._id);
      answerSender(row, receiver, { response: true, gameId: game._id });
      notifier.invites(me, 'invite-response-game', { inviteId: row.id, gameId: game._id });

      // accepting one refuses the others, and my own invites to others are withdrawn
      const others = await repo.pendingWith(me);
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

    /** where one of my invites stands (the sender who missed the answer asks, issue 15) */
    async outcome(me: string, inviteId: string): Promise<InviteOutcome> {
      let row = await repo.get(inviteId);
      if (!row || (row.fromId !== me && row.toId !== me))
        throw new DomainError('NOT_FOUND', 'There is no such invite.');
      // past its 30 s but its timer not run yet (another instance's): it has timed out
      if (row.status === 'pending' && row.expiresAt <= clock.now()) {
        await expire(row.id);
        row = await repo.get(inviteId);
        if (!row) throw new DomainError('NOT_FOUND', 'There is no such invite.');
      }
      const { id, status, reason, gameId, expiresAt } = row;
      return { inviteId: id, status, reason, gameId, expiresAt };
    },

    /** what a reloaded tab needs: invites waiting for me, and mine waiting for others */
    async pending(me: string) {
      const rows = await repo.pendingWith(me);
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
      const rows = await repo.pendingBetween(a, b);
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
      const due = await repo.dueIds(clock.now());
      for (const id of due) await expire(id);
      return due.length;
    },
  };
}

export type InviteService = ReturnType<typeof createInviteService>;
