import { parseChannel } from '@sayspell/core/protocol/channels';
import {
  blockSchema,
  chatQuerySchema,
  chatReadSchema,
  feedbackSchema,
  flagContentSchema,
  friendSchema,
  profilesSchema,
  pusherChannelSchema,
  pusherSendSchema,
  reportUserSchema,
  resolveReportSchema,
  sendChatSchema,
} from '@sayspell/core/protocol/social';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../errors.ts';
import { type Authenticate, requireRole } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { authorizeChannel, type ChannelAccessDeps } from '../realtime/channel-access.ts';
import type { ChatService } from '../social/chat-service.ts';
import type { InviteService } from '../social/invite-service.ts';
import type { ModerationService } from '../social/moderation-service.ts';
import type { SocialNotifier } from '../social/notifier.ts';
import type { SocialDispatch } from '../social/social-dispatch.ts';
import type { SocialService } from '../social/social-service.ts';

const reportParams = z.strictObject({ id: z.uuid({ error: 'That is not a report id.' }) });
const inviteParams = z.strictObject({ id: z.uuid({ error: 'That is not an invite id.' }) });
const reportsQuery = z.strictObject({ status: z.enum(['open', 'all']).default('open') });

// friends, blocking, chat, reports, presence and the pusher-style endpoints (§7)

export function socialRoutes(
  app: FastifyInstance,
  deps: {
    authenticate: Authenticate;
    social: SocialService;
    chat: ChatService;
    invites: InviteService;
    moderation: ModerationService;
    dispatch: SocialDispatch;
    notifier: SocialNotifier & { join(userId: string, channel: string): Promise<void> };
    channelAccess: ChannelAccessDeps;
  },
) {
  const { authenticate, social, chat, moderation } = deps;
  const user = async (req: Parameters<Authenticate>[0]) => (await authenticate(req)).userId;

  app.post('/v1/users/add-friend', async (req) =>
    social.addFriend(await user(req), parse(friendSchema, req.body)),
  );
  app.post('/v1/users/remove-friend', async (req) =>
    social.removeFriend(await user(req), parse(friendSchema, req.body)),
  );
  app.post('/v1/users/block-user', async (req) =>
    social.block(await user(req), parse(blockSchema, req.body)),
  );
  app.post('/v1/users/unblock-user', async (req) =>
    social.unblock(await user(req), parse(blockSchema, req.body)),
  );

  app.post('/v1/send-chat', async (req) => {
    const me = await user(req);
    return chat.send(me, parse(sendChatSchema, req.body));
  });
  app.get('/v1/get-chat-messages', async (req) => {
    const me = await user(req);
    const { id1, id2 } = parse(chatQuerySchema, req.query, 'query');
    return chat.history(me, id1, id2);
  });
  app.get('/v1/chat/unread', async (req) => chat.unread(await user(req)));
  app.post('/v1/chat/read', async (req) =>
    chat.markRead(await user(req), parse(chatReadSchema, req.body).userId),
  );

  app.post('/v1/report-user', async (req) =>
    withWireId(await moderation.reportUser(await user(req), parse(reportUserSchema, req.body))),
  );
  app.post('/v1/flag-content', async (req) =>
    withWireId(await moderation.flagContent(await user(req), parse(flagContentSchema, req.body))),
  );
  app.post('/v1/feedback', async (req) =>
    withWireId(await moderation.feedback(await user(req), parse(feedbackSchema, req.body))),
  );

  app.post('/v1/profiles', async (req) =>
    social.profiles(await user(req), parse(profilesSchema, req.body).members),
  );
  app.get('/v1/online-users', async (req) => social.online(await user(req)));
  app.get('/v1/people', async (req) => social.people(await user(req)));
  app.get('/v1/invites', async (req) => deps.invites.pending(await user(req)));
  app.get('/v1/invites/:id', async (req) => {
    const me = await user(req);
    const { id } = parse(inviteParams, req.params, 'invite id');
    return deps.invites.outcome(me, id);
  });

  // the pusher-style calls of the spec, on our own channels
  app.post('/v1/pusher/auth', async (req) => {
    const me = await user(req);
    const claimed = req.headers.userid;
    if (claimed !== undefined && claimed !== me)
      throw new DomainError('FORBIDDEN', 'The UserId header is not you.');
    const { channel } = parse(pusherChannelSchema, req.body);
    await authorizeChannel(deps.channelAccess, me, channel);
    return { channel, authorized: true };
  });
  app.post('/v1/pusher/join', async (req) => {
    const me = await user(req);
    const { channel } = parse(pusherChannelSchema, req.body);
    await authorizeChannel(deps.channelAccess, me, channel);
    await deps.notifier.join(me, channel);
    return { channel, joined: true };
  });
  app.post('/v1/pusher/send', async (req) => {
    const me = await user(req);
    const { channel, subject, message } = parse(pusherSendSchema, req.body);
    const target = parseChannel(channel);
    if (!target || (target.kind !== 'invite' && target.kind !== 'user')) {
      throw new DomainError('BAD_REQUEST', 'Send to a private-{userId} or private-invite-{userId} channel.');
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      throw new DomainError('VALIDATION', 'message must be an object with the fields of its subject.');
    }
    // the channel names the other user; answers and cancels name their invite instead
    const addressed = subject === 'invite-response' || subject === 'invite-cancel';
    return deps.dispatch.run(me, subject, addressed ? message : { ...message, to: target.userId });
  });

  app.get('/v1/admin/reports', async (req) => {
    requireRole(await authenticate(req), 'admin');
    const { reports, feedback } = await moderation.list(parse(reportsQuery, req.query ?? {}, 'query').status);
    // the wire's names: ids as _id, the feedback's author as user
    return {
      reports: reports.map(({ reporter, reported, ...r }) => ({
        ...withWireId(r),
        reporter: withWireId(reporter),
        reported: reported && withWireId(reported),
      })),
      feedback: feedback.map(({ userId, ...f }) => ({ ...withWireId(f), user: userId })),
    };
  });
  app.post('/v1/admin/reports/:id/resolve', async (req) => {
    const me = requireRole(await authenticate(req), 'admin');
    const { id } = parse(reportParams, req.params, 'report id');
    return withWireId(await moderation.resolve(me.userId, id, parse(resolveReportSchema, req.body).action));
  });
}

/** the spec's JSON names an id `_id` */
function withWireId<T extends { id: string }>({ id, ...rest }: T): Omit<T, 'id'> & { _id: string } {
  return { _id: id, ...rest };
}
