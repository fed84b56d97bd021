import {
  type SocialAcks,
  type SocialEvent,
  type SocialHandlers,
  socialEventSchemas,
} from '@sayspell/core/protocol/social';
import { DomainError } from '../errors.ts';
import { describeZodError } from '../realtime/socket-errors.ts';
import type { ChatService } from './chat-service.ts';
import type { InviteService } from './invite-service.ts';
import type { SocialNotifier } from './notifier.ts';
import type { Relations } from './relations.ts';

// the social events, one handler each, shared by the socket events and POST /v1/pusher/send

export type { SocialEvent };

export function createSocialDispatch(deps: {
  invites: InviteService;
  chat: ChatService;
  notifier: SocialNotifier;
  relations: Relations;
}) {
  /** nothing is relayed across a block, either way (invites and chat check their own) */
  async function assertNotBlocked(me: string, to: string) {
    const blocked = await deps.relations.blockedBetween(me, to);
    if (blocked.bBlockedA) throw new DomainError('BLOCKED', 'This player blocked you.');
    if (blocked.aBlockedB) throw new DomainError('BLOCKED', 'You blocked this player.');
  }

  const handlers: SocialHandlers = {
    invite: async (me, p) => {
      await deps.chat.assertEulaConfirmed(me, 'invite');
      return deps.invites.send(me, p.to, p.settings);
    },
    'invite-response': (me, p) => deps.invites.respond(me, p.inviteId, p.response, p.type),
    'invite-cancel': (me, p) => deps.invites.cancel(me, p.inviteId),
    typing: (me, p) => deps.chat.typing(me, p.to, p.typing),
    'user-info-request': async (me, p) => {
      await assertNotBlocked(me, p.to);
      deps.notifier.user(p.to, 'user-info-request', { from: me });
      return {};
    },
    'user-info-response': async (me, p) => {
      await assertNotBlocked(me, p.to);
      deps.notifier.user(p.to, 'user-info-response', { from: me, info: p.info });
      return {};
    },
  };

  return {
    events: Object.keys(socialEventSchemas) as SocialEvent[],
    /** validates and runs one social event for the signed-in user */
    async run<E extends SocialEvent>(me: string, event: E, payload: unknown): Promise<SocialAcks[E]> {
      const parsed = socialEventSchemas[event].safeParse(payload);
      if (!parsed.success) throw new DomainError('VALIDATION', describeZodError(parsed.error));
      return (handlers[event] as (me: string, p: unknown) => Promise<SocialAcks[E]>)(me, parsed.data);
    },
  };
}

export type SocialDispatch = ReturnType<typeof createSocialDispatch>;
