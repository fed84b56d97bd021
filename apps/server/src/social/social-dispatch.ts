import { socialEventSchemas } from '@sayspell/core/protocol/social';
import type { z } from 'zod';
import { DomainError } from '../errors.ts';
import { describeZodError } from '../realtime/socket-errors.ts';
import type { ChatService } from './chat-service.ts';
import type { InviteService } from './invite-service.ts';
import type { SocialNotifier } from './notifier.ts';

// the social events, one handler each, shared by the socket events and POST /v1/pusher/send

export type SocialEvent = keyof typeof socialEventSchemas;
type Payload<E extends SocialEvent> = z.output<(typeof socialEventSchemas)[E]>;

export function createSocialDispatch(deps: {
  invites: InviteService;
  chat: ChatService;
  notifier: SocialNotifier;
}) {
  const handlers: { [E in SocialEvent]: (me: string, p: Payload<E>) => Promise<object> } = {
    invite: (me, p) => deps.invites.send(me, p.to, p.settings),
    'invite-response': (me, p) => deps.invites.respond(me, p.inviteId, p.response, p.type),
    'invite-cancel': (me, p) => deps.invites.cancel(me, p.inviteId),
    typing: (me, p) => deps.chat.typing(me, p.to, p.typing),
    'user-info-request': async (me, p) => {
      deps.notifier.user(p.to, 'user-info-request', { from: me });
      return {};
    },
    'user-info-response': async (me, p) => {
      deps.notifier.user(p.to, 'user-info-response', { from: me, info: p.info });
      return {};
    },
  };

  return {
    events: Object.keys(socialEventSchemas) as SocialEvent[],
    /** validates and runs one social event for the signed-in user */
    async run(me: string, event: SocialEvent, payload: unknown): Promise<object> {
      const parsed = socialEventSchemas[event].safeParse(payload);
      if (!parsed.success) throw new DomainError('VALIDATION', describeZodError(parsed.error));
      return (handlers[event] as (me: string, p: unknown) => Promise<object>)(me, parsed.data);
    },
  };
}

export type SocialDispatch = ReturnType<typeof createSocialDispatch>;
