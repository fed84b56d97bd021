import { z } from 'zod';
import { idSchema } from './game.ts';

// the voice/video call between the two players of a partnered game (§1, §4 audio room, §9).
// signalling goes through the server, to the partner only; media flows peer to peer.

export const audioTokenQuery = z.strictObject({ id: idSchema });

export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/** GET {audio-token uri}?id={gameId}: what a player needs to join the game's call */
export interface AudioToken {
  room: string;
  iceServers: IceServer[];
  /** the call ends this many seconds after it starts (§9: 1200) */
  limitSeconds: number;
  /** when the ICE credentials stop working (ms since the epoch) */
  expiresAt: number;
  /** perfect negotiation: the polite peer gives way when both offer at once */
  polite: boolean;
}

const sdp = z.string().min(1).max(30_000, 'A session description is at most 30000 characters.');

export const rtcSignalSchema = z
  .strictObject({
    gameId: idSchema,
    description: z
      .strictObject({ type: z.enum(['offer', 'answer', 'pranswer', 'rollback']), sdp })
      .optional(),
    candidate: z
      .strictObject({
        candidate: z.string().max(1000),
        sdpMid: z.string().max(64).nullable().optional(),
        sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
        usernameFragment: z.string().max(256).nullable().optional(),
      })
      .optional(),
    /** the sender hung up */
    bye: z.literal(true).optional(),
    /** the sender has just joined: an offerer answers with its offer */
    hello: z.literal(true).optional(),
    /** the sender's call session: a new one means its page was reloaded */
    session: z.string().min(8).max(64).optional(),
  })
  .refine((s) => [s.description, s.candidate, s.bye, s.hello].filter((x) => x !== undefined).length === 1, {
    message: 'A signal carries exactly one of description, candidate, bye or hello.',
  });

export type RtcSignal = z.input<typeof rtcSignalSchema>;
export type RtcSignalFromPartner = z.output<typeof rtcSignalSchema> & { from: string };
