import { z } from 'zod';
import { MAX_GUESS_LENGTH } from '../constants.ts';
import type { Ack } from './errors.ts';
import type { GameView, WordEntryView } from './game.ts';
import { idSchema } from './game.ts';

// socket events: names are the spec's (§7); every client event is parsed with these schemas

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
  reason: 'words' | 'time' | 'partner-left';
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
  'update-game': (p: GameView) => void;
  'finish-game': (p: FinishGame) => void;
  'member-removed': (p: { channel: string; userId: string }) => void;
  'countdown-sync': (p: CountdownSync) => void;
  'play-again': (p: PlayAgain) => void;
  'match-found': (p: { gameId: string }) => void;
}

export interface ClientToServerEvents {
  subscribe: (p: ClientEventPayload<'subscribe'>, ack: (a: Ack) => void) => void;
  unsubscribe: (p: ClientEventPayload<'unsubscribe'>, ack: (a: Ack) => void) => void;
  'initiate-handshake': (
    p: ClientEventPayload<'initiate-handshake'>,
    ack: (a: Ack<{ game: GameView }>) => void,
  ) => void;
  'guess-word': (p: ClientEventPayload<'guess-word'>, ack: (a: Ack<{ game: GameView }>) => void) => void;
  'timer-sync': (p: ClientEventPayload<'timer-sync'>, ack: (a: Ack<{ timestamp: number }>) => void) => void;
  'play-again': (
    p: ClientEventPayload<'play-again'>,
    ack: (a: Ack<{ waiting: boolean; gameId?: string }>) => void,
  ) => void;
}
