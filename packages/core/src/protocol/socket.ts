import { z } from 'zod';
import { MAX_GUESS_LENGTH } from '../constants.ts';
import type { EndedReason } from '../game/types.ts';
import { type RtcSignalFromPartner, rtcSignalSchema } from './call.ts';
import type { Ack } from './errors.ts';
import type { GameUpdate, GameView, WordEntryView } from './game.ts';
import { idSchema } from './game.ts';
import type {
  ChatMessage,
  InviteCancel,
  InviteResponse,
  InviteView,
  SocialAcks,
  SocialEvent,
  socialEventSchemas,
} from './social.ts';

// socket events: names are the spec's (§7); every client event is parsed with these schemas

// the version lives in version.ts (no zod there, for the web's first download)
export { INCOMPATIBLE_PROTOCOL, type IncompatibleReason, PROTOCOL_VERSION } from './version.ts';

/** what a client sends in socket.io's handshake auth */
export interface HandshakeAuth {
  token: string;
  /** PROTOCOL_VERSION as the client was built; absent from tools that speak no version */
  protocol?: number;
}

export const clientEventSchemas = {
  subscribe: z.strictObject({ channel: z.string().min(1).max(120) }),
  unsubscribe: z.strictObject({ channel: z.string().min(1).max(120) }),
  'initiate-handshake': z.strictObject({
    gameId: idSchema,
    channel: z.enum(['game', 'results'], { error: 'channel must be "game" or "results".' }).default('game'),
  }),
  'play-again': z.strictObject({ gameId: idSchema }),
  'guess-word': z.strictObject({
    gameId: idSchema,
    index: z.number().int().min(0).max(1000),
    guess: z.string().max(MAX_GUESS_LENGTH, `A guess is at most ${MAX_GUESS_LENGTH} letters.`),
  }),
  'timer-sync': z.strictObject({ gameId: idSchema }),
  'rtc-signal': rtcSignalSchema,
} as const;

export type ClientEventName = keyof typeof clientEventSchemas;
export type ClientEventPayload<E extends ClientEventName> = z.input<(typeof clientEventSchemas)[E]>;

export interface HandshakeResponse {
  id: string;
  online: { speaker: boolean; speller: boolean };
}

export interface StartTimerSync {
  id: string;
  startsAt: number;
  endsAt: number;
  serverNow: number;
}

export interface FinishGame {
  id: string;
  results: WordEntryView[];
  /** seconds the game lasted */
  time: number;
  reason: EndedReason;
  /** an addition to the spec: the player who left, when reason is 'partner-left' */
  leftBy?: string;
}

/** an addition to the spec: the partner lost their connection; the game waits until `until` */
export interface PartnerReconnecting {
  gameId: string;
  userId: string;
  /** server clock: past it, the game ends as 'partner-left' unless they are back */
  until: number;
}

export interface CountdownSync {
  id: string;
  startsAt: number;
  serverNow: number;
}

export type PlayAgain = { id: string; gameId: string } | { id: string; requestedBy: string };

export interface ServerToClientEvents {
  'handshake-response': (p: HandshakeResponse) => void;
  'start-timer-sync': (p: StartTimerSync) => void;
  'timer-sync': (p: { timestamp: number }) => void;
  /** a full view (start, resync, finish) or, after a guess, a delta (issue 16) */
  'update-game': (p: GameUpdate) => void;
  'finish-game': (p: FinishGame) => void;
  'partner-reconnecting': (p: PartnerReconnecting) => void;
  'partner-back': (p: { gameId: string; userId: string }) => void;
  'member-removed': (p: { channel: string; userId: string }) => void;
  'countdown-sync': (p: CountdownSync) => void;
  'play-again': (p: PlayAgain) => void;
  'match-found': (p: { gameId: string }) => void;
  // the call: the partner's offer, answer, ICE candidate or hang-up
  'rtc-signal': (p: RtcSignalFromPartner) => void;
  // presence on presence-users / presence-channel / presence-matching
  'member-added': (p: { channel: string; userId: string }) => void;
  'user-leave': (p: { userId: string }) => void;
  'route-update-ingame': (p: { userId: string }) => void;
  'route-update-idealgame': (p: { userId: string }) => void;
  // invites, on private-invite-{userId}
  invite: (p: InviteView) => void;
  'invite-response': (p: InviteResponse) => void;
  'invite-response-game': (p: { inviteId: string; gameId: string }) => void;
  'invite-cancel': (p: InviteCancel) => void;
  // on private-{userId}
  message: (p: ChatMessage) => void;
  typing: (p: { from: string; typing: boolean }) => void;
  'block-user': (p: { userId: string; username: string; blocked: boolean }) => void;
  'user-info-request': (p: { from: string }) => void;
  'user-info-response': (p: { from: string; info: { route?: string; inGame?: boolean } }) => void;
}

type SocialEvents = {
  [E in SocialEvent]: (
    p: z.input<(typeof socialEventSchemas)[E]>,
    ack: (a: Ack<SocialAcks[E]>) => void,
  ) => void;
};

export interface ClientToServerEvents extends SocialEvents {
  /** presence channels answer with the user ids in them */
  subscribe: (p: ClientEventPayload<'subscribe'>, ack: (a: Ack<{ members?: string[] }>) => void) => void;
  unsubscribe: (p: ClientEventPayload<'unsubscribe'>, ack: (a: Ack) => void) => void;
  'initiate-handshake': (
    p: ClientEventPayload<'initiate-handshake'>,
    ack: (a: Ack<{ game: GameView }>) => void,
  ) => void;
  /**
   * the answer is what the speller's update-game carries for this guess (issue 16): a delta while
   * the game goes on, the full view when the guess finished it
   */
  'guess-word': (p: ClientEventPayload<'guess-word'>, ack: (a: Ack<{ game: GameUpdate }>) => void) => void;
  'timer-sync': (p: ClientEventPayload<'timer-sync'>, ack: (a: Ack<{ timestamp: number }>) => void) => void;
  'rtc-signal': (p: ClientEventPayload<'rtc-signal'>, ack: (a: Ack) => void) => void;
  'play-again': (
    p: ClientEventPayload<'play-again'>,
    ack: (a: Ack<{ waiting: boolean; gameId?: string }>) => void,
  ) => void;
}
