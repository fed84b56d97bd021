import { z } from 'zod';
import {
  CATEGORY_CUSTOM,
  CATEGORY_ENTERPRISE,
  CHAT_MESSAGE_MAX,
  DIFFICULTIES,
  MAX_GAME_TIMER_SECONDS,
  MIN_GAME_TIMER_SECONDS,
  ROLES,
} from '../constants.ts';
import type { NoData } from './errors.ts';
import { idSchema } from './game.ts';
import { readable } from './text.ts';
import { topicTextSchema } from './topics.ts';

// invitations, chat, friends, blocking, reports and presence (§3, §4, §7)

const userId = (what: string) => z.uuid({ error: `${what} must be a user id.` });

/** the settings an invite carries; the game is made from them when it is accepted */
export const inviteSettingsSchema = z
  .strictObject({
    category: z
      .string({ error: 'category is required, e.g. "category_animals".' })
      .max(64)
      .regex(/^category_[a-z0-9_-]+$/, 'category must look like "category_animals".'),
    role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}.` }),
    language: z.string().trim().min(1).max(40).default('English'),
    difficulty: z
      .enum(DIFFICULTIES, { error: `difficulty must be one of ${DIFFICULTIES.join(', ')}.` })
      .default('beginner'),
    gameTimer: z
      .union([z.string().regex(/^\d{1,4}$/), z.number().int()], {
        error: 'gameTimer must be a whole number of seconds.',
      })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(MIN_GAME_TIMER_SECONDS, `gameTimer must be at least ${MIN_GAME_TIMER_SECONDS} seconds.`)
          .max(MAX_GAME_TIMER_SECONDS, `gameTimer must be at most ${MAX_GAME_TIMER_SECONDS} seconds.`),
      )
      .default(90),
    /** the topic of a custom or enterprise category (issue 15 item 8: My, Trending, Enterprise Topics) */
    topic: readable(
      z.string().trim().max(80, 'The topic must be at most 80 characters.'),
      'The topic',
      'message',
    )
      // blank is no topic
      .transform((t) => t || undefined)
      .optional(),
  })
  .superRefine((s, ctx) => {
    // a topic goes with the topic categories and only with them: the receiver accepts what they see
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['topic'], message });
    if (s.category === CATEGORY_CUSTOM) {
      if (!s.topic)
        return issue('A My Topics or Trending Topics invite needs its topic, e.g. "ocean animals".');
      const checked = topicTextSchema.safeParse(s.topic);
      if (!checked.success) issue(checked.error.issues[0]?.message ?? 'That topic cannot be played.');
    } else if (s.category === CATEGORY_ENTERPRISE) {
      if (!s.topic) issue('An Enterprise Topics invite needs the enterprise topic it is for.');
    } else if (s.topic) {
      issue(`A topic goes with category_custom or category_enterprise, not with ${s.category}.`);
    }
  });
export type InviteSettings = z.output<typeof inviteSettingsSchema>;

export const socialEventSchemas = {
  /** sender → server: invite someone online */
  invite: z.strictObject({ to: userId('to'), settings: inviteSettingsSchema }),
  /** receiver → server: accept or decline; type 'ingame' when refused automatically on /game */
  'invite-response': z.strictObject({
    inviteId: idSchema,
    response: z.boolean({ error: 'response must be true or false.' }),
    type: z.literal('ingame').optional(),
  }),
  /** sender → server: withdraw a pending invite */
  'invite-cancel': z.strictObject({ inviteId: idSchema }),
  /** chat typing status, relayed to the other user */
  typing: z.strictObject({ to: userId('to'), typing: z.boolean() }),
  'user-info-request': z.strictObject({ to: userId('to') }),
  'user-info-response': z.strictObject({
    to: userId('to'),
    info: z.strictObject({ route: z.string().max(100).optional(), inGame: z.boolean().optional() }),
  }),
} as const;

export type SocialEvent = keyof typeof socialEventSchemas;
export type SocialPayload<E extends SocialEvent> = z.output<(typeof socialEventSchemas)[E]>;

/** what each social event's acknowledgement carries besides `ok` */
export interface SocialAcks {
  invite: { inviteId: string; expiresAt: number };
  /** the new game when an invite is accepted */
  'invite-response': { gameId?: string };
  'invite-cancel': NoData;
  typing: NoData;
  'user-info-request': NoData;
  'user-info-response': NoData;
}

/** what a handler returns: an empty answer admits no field at all */
type Exact<T> = keyof T extends never ? Record<string, never> : T;

/** the server's handler per social event: what it may answer is the protocol's */
export type SocialHandlers = {
  [E in SocialEvent]: (me: string, payload: SocialPayload<E>) => Promise<Exact<SocialAcks[E]>>;
};

/** what the receiver sees (§3 Invite) */
export interface InviteView {
  _id: string;
  user: { id: string; _id: string; username: string };
  name: string;
  /** the sender's role as they chose it ('Speaker' | 'Speller' | 'Either'); the receiver shows it mirrored */
  role: 'Speaker' | 'Speller' | 'Either';
  category: string;
  settings: { category: string; role: string; topic?: string };
  createdAt: number;
  expiresAt: number;
}

/** what the sender hears back (§3 Invite response) */
export interface InviteResponse {
  inviteId: string;
  user: { id: string; _id: string; username: string };
  response: boolean;
  /** failed: the invite was accepted but its game could not be made (message says why) */
  type?: 'ingame' | 'busy' | 'timeout' | 'blocked' | 'failed';
  message?: string;
  gameId?: string;
}

/**
 * GET /v1/invites/:id, for the sender who missed the answer (a dropped network, a timer that ran
 * out before the server's event): where the invite stands now
 */
export interface InviteOutcome {
  inviteId: string;
  status: 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';
  /** why it ended: ingame, busy, timeout, accepted-other, blocked, cancelled */
  reason: string | null;
  gameId: string | null;
  expiresAt: number;
}

export interface InviteCancel {
  inviteId: string;
  user: { id: string; _id: string; username: string };
  reason: 'cancelled' | 'timeout' | 'accepted-other' | 'blocked';
}

export interface ChatMessage {
  _id: string;
  id: string;
  message: string;
  from: { _id: string; id: string; username: string };
  to: string;
  createdAt: string;
}

/** POST /v1/send-chat */
export const sendChatSchema = z.strictObject({
  fromId: userId('fromId'),
  toId: userId('toId'),
  message: z
    .string({ error: 'message is required.' })
    .max(CHAT_MESSAGE_MAX * 4, `A message is at most ${CHAT_MESSAGE_MAX} characters.`)
    .transform((m) => m.trim())
    .pipe(
      readable(
        z
          .string()
          .min(1, 'An empty message is not sent.')
          .max(CHAT_MESSAGE_MAX, `A message is at most ${CHAT_MESSAGE_MAX} characters.`),
        'A message',
        'message',
      ),
    ),
});

/** GET /v1/get-chat-messages?id1&id2 */
export const chatQuerySchema = z.strictObject({ id1: userId('id1'), id2: userId('id2') });

/** POST /v1/chat/read */
export const chatReadSchema = z.strictObject({ userId: userId('userId') });

/** POST /v1/users/add-friend and remove-friend */
export const friendSchema = z.strictObject({ userId: userId('userId'), friendId: userId('friendId') });

/** POST /v1/users/block-user and unblock-user: userIdOne blocks userIdTwo */
export const blockSchema = z.strictObject({ userIdOne: userId('userIdOne'), userIdTwo: userId('userIdTwo') });

const text = (what: string, max: number) =>
  readable(
    z
      .string({ error: `${what} is required.` })
      .trim()
      .min(1, `${what} cannot be empty.`)
      .max(max, `${what} is at most ${max} characters.`),
    what,
    'message',
  );

/** POST /v1/report-user */
export const reportUserSchema = z.strictObject({
  userReported: userId('userReported'),
  message: text('message', 1000).optional(),
  user: userId('user'),
});

/** POST /v1/flag-content */
export const flagContentSchema = z.strictObject({
  content: text('content', 2000),
  user: userId('user'),
});

/** POST /v1/feedback */
export const feedbackSchema = z.strictObject({
  subject: text('subject', 200),
  message: text('message', 5000),
  user: userId('user'),
});

/** POST /v1/profiles */
export const profilesSchema = z.strictObject({
  members: z.array(userId('each member'), { error: 'members must be a list of user ids.' }).max(500),
});

/** one entry of the online-users list (§3 Online user) */
export interface OnlineUser {
  _id: string;
  username: string;
  /** 'guest' or 'user' (admins show as users) */
  role: 'guest' | 'user';
  friend: boolean;
  inGame: boolean;
  /** I blocked them, or they blocked me: greyed out, no chat or invite */
  blocked: boolean;
  blockedMe: boolean;
  picture: string | null;
}

/**
 * a player on the friends, blocked or messages lists (GET /v1/people), online or not: the online
 * list's fields, whether they are online now, and their messages I have not read (issue 15)
 */
export interface Person extends OnlineUser {
  online: boolean;
  unread: number;
}

/** GET /v1/people: everyone I have a tie with, offline ones too */
export interface PeopleAnswer {
  /** online first, then by name */
  friends: Person[];
  /** whom I blocked, by name */
  blocked: Person[];
  /** who wrote to me unread, newest first */
  unread: Person[];
}

/** POST /v1/pusher/send: the REST way to send what the socket events carry */
export const pusherSendSchema = z.strictObject({
  channel: z.string().min(1).max(120),
  subject: z.enum(
    ['invite', 'invite-response', 'invite-cancel', 'typing', 'user-info-request', 'user-info-response'],
    {
      error:
        'subject must be one of invite, invite-response, invite-cancel, typing, user-info-request, user-info-response.',
    },
  ),
  message: z.unknown(),
});

/** POST /v1/pusher/join and /v1/pusher/auth */
export const pusherChannelSchema = z.strictObject({ channel: z.string().min(1).max(120) });

/** admin: what to do about a report or a flag */
export const resolveReportSchema = z.strictObject({
  action: z.enum(['dismiss', 'suspend'], { error: 'action must be "dismiss" or "suspend".' }),
});
