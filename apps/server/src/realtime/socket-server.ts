import type { Server as HttpServer } from 'node:http';
import { channels, parseChannel } from '@sayspell/core/protocol/channels';
import {
  type ClientEventName,
  type ClientToServerEvents,
  clientEventSchemas,
  type ServerToClientEvents,
} from '@sayspell/core/protocol/socket';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import type { AccessClaims, AccessTokens } from '../auth/access-tokens.ts';
import type { CallService } from '../calls/call-service.ts';
import type { Clock, GameService } from '../games/game-service.ts';
import type { ResultsService } from '../games/results-service.ts';
import type { SocialDispatch } from '../social/social-dispatch.ts';
import { authorizeChannel, type ChannelAccessDeps } from './channel-access.ts';
import { playerRoom } from './rooms.ts';
import { describeZodError, toSocketError } from './socket-errors.ts';

interface SocketData {
  user: AccessClaims;
}

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface RealtimeDeps {
  access: AccessTokens;
  games: GameService;
  results: ResultsService;
  calls: CallService;
  /** a user has no socket left anywhere (after the grace period) */
  onUserGone(userId: string): Promise<void>;
  channelAccess: ChannelAccessDeps;
  redis?: Redis;
  redisPrefix: string;
  logger: Logger;
  disconnectGraceMs: number;
  /** a silent client is dropped after pingInterval + pingTimeout (a frozen tab, a dead phone) */
  ping?: { intervalMs: number; timeoutMs: number };
  clock: Clock;
  /** invites, chat typing and user info: the social events */
  social?: SocialDispatch;
}

const PRESENCE_ROOMS = new Set(['users', 'presence', 'matching']);

export function createRealtime(httpServer: HttpServer, deps: RealtimeDeps): AppServer {
  const io: AppServer = new Server(httpServer, {
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    ...(deps.ping ? { pingInterval: deps.ping.intervalMs, pingTimeout: deps.ping.timeoutMs } : {}),
    ...(deps.redis
      ? { adapter: createAdapter(deps.redis, { streamName: `${deps.redisPrefix}:socket.io` }) }
      : {}),
  });

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token.length > 4096) return next(new Error('unauthorized'));
    try {
      socket.data.user = await deps.access.verify(token);
      next();
    } catch {
      next(new Error('unauthorized'));
    }
  });

  io.on('connection', (socket) => registerHandlers(io, socket, deps));
  return io;
}

/** every client event is parsed with its schema and answered through its acknowledgement */
function on<E extends ClientEventName>(
  socket: AppSocket,
  event: E,
  logger: Logger,
  handler: (payload: import('zod').infer<(typeof clientEventSchemas)[E]>) => Promise<object>,
) {
  socket.on(
    event as never,
    (async (payload: unknown, ack: unknown) => {
      // a client may send only a callback, or no callback at all
      let reply = typeof ack === 'function' ? (ack as (a: unknown) => void) : () => {};
      let body = payload;
      if (typeof payload === 'function') {
        reply = payload as (a: unknown) => void;
        body = undefined;
      }
      const parsed = clientEventSchemas[event].safeParse(body);
      if (!parsed.success) {
        reply({ ok: false, error: { code: 'VALIDATION', message: describeZodError(parsed.error) } });
        return;
      }
      try {
        reply({ ok: true, ...(await handler(parsed.data as never)) });
      } catch (err) {
        const error = toSocketError(err);
        if (error.code === 'INTERNAL') logger.error({ err, event }, 'socket handler failed');
        reply({ ok: false, error });
      }
    }) as never,
  );
}

async function usersIn(io: AppServer, room: string): Promise<Set<string>> {
  const sockets = await io.in(room).fetchSockets();
  return new Set(sockets.map((s) => s.data.user.userId));
}

function registerHandlers(io: AppServer, socket: AppSocket, deps: RealtimeDeps) {
  const { games, logger } = deps;
  const me = socket.data.user.userId;
  // every socket is in its owner's private and invite channels from the start, so nothing sent
  // to the user is missed between connecting and subscribing (or after a reconnect)
  void socket.join([channels.user(me), channels.invite(me)]);

  on(socket, 'subscribe', logger, async ({ channel }) => {
    const parsed = await authorizeChannel(deps.channelAccess, me, channel);
    if (!PRESENCE_ROOMS.has(parsed.kind)) {
      await socket.join(channel);
      if (parsed.kind === 'game') await socket.join(playerRoom(parsed.gameId, me));
      return {};
    }
    // presence: the others hear of a user's first tab; the subscriber gets who is there
    const before = await usersIn(io, channel);
    await socket.join(channel);
    if (!before.has(me)) socket.to(channel).emit('member-added', { channel, userId: me });
    return { members: [...before, me].filter((id, i, all) => all.indexOf(id) === i) };
  });

  const social = deps.social;
  if (social) {
    for (const event of social.events) {
      socket.on(
        event as never,
        (async (payload: unknown, ack: unknown) => {
          const reply = typeof ack === 'function' ? (ack as (a: unknown) => void) : () => {};
          try {
            reply({ ok: true, ...(await social.run(me, event, payload)) });
          } catch (err) {
            const error = toSocketError(err);
            if (error.code === 'INTERNAL') logger.error({ err, event }, 'socket handler failed');
            reply({ ok: false, error });
          }
        }) as never,
      );
    }
  }

  on(socket, 'unsubscribe', logger, async ({ channel }) => {
    const parsed = parseChannel(channel);
    await socket.leave(channel);
    if (parsed?.kind === 'game') await socket.leave(playerRoom(parsed.gameId, me));
    return {};
  });

  /** joins a game's channel (and the player's inner room) once the server has said yes */
  async function joinGame(gameId: string, channel: 'game' | 'results'): Promise<string> {
    const room = channel === 'game' ? channels.game(gameId) : channels.results(gameId);
    if (!socket.rooms.has(room)) {
      await authorizeChannel(deps.channelAccess, me, room);
      await socket.join(room);
      if (channel === 'game') await socket.join(playerRoom(gameId, me));
    }
    return room;
  }

  async function onlineIn(room: string, state: { speakerId: string | null; spellerId: string }) {
    const present = await usersIn(io, room);
    return {
      speaker: state.speakerId !== null && present.has(state.speakerId),
      speller: present.has(state.spellerId),
    };
  }

  on(socket, 'initiate-handshake', logger, async ({ gameId, channel }) => {
    const room = await joinGame(gameId, channel);
    let online = { speaker: false, speller: false };
    if (channel === 'results') {
      const game = await games.get(gameId, me);
      online = await onlineIn(room, { speakerId: game.speaker?._id ?? null, spellerId: game.speller._id });
      socket.emit('handshake-response', { id: gameId, online });
      if (online.speller && (game.solo || online.speaker)) {
        const { startsAt } = await deps.results.countdown(gameId, me);
        io.to(room).emit('countdown-sync', { id: gameId, startsAt, serverNow: deps.clock.now() });
      }
      return { game };
    }
    const game = await games.handshake(gameId, me, async (state) => {
      online = await onlineIn(room, state);
      return online.speller && (state.solo || online.speaker);
    });
    socket.emit('handshake-response', { id: gameId, online });
    return { game };
  });

  on(socket, 'play-again', logger, async ({ gameId }) => {
    const room = await joinGame(gameId, 'results');
    const answer = await deps.results.playAgain(gameId, me);
    io.to(room).emit(
      'play-again',
      answer.waiting ? { id: gameId, requestedBy: me } : { id: gameId, gameId: answer.gameId },
    );
    return answer;
  });

  // call signalling: relayed to the partner's sockets on this game, nobody else. the partner is
  // looked up once per game (a call trades a dozen candidates)
  const partners = new Map<string, string>();
  on(socket, 'rtc-signal', logger, async (signal) => {
    let partner = partners.get(signal.gameId);
    if (!partner) {
      partner = await deps.calls.partnerOf(signal.gameId, me);
      if (partners.size > 16) partners.clear();
      partners.set(signal.gameId, partner);
    }
    io.to(playerRoom(signal.gameId, partner)).emit('rtc-signal', { ...signal, from: me });
    return {};
  });

  on(socket, 'guess-word', logger, async ({ gameId, index, guess }) => ({
    game: await games.guess(gameId, me, index, guess),
  }));

  on(socket, 'timer-sync', logger, async ({ gameId }) => {
    await games.get(gameId, me);
    return { timestamp: deps.clock.now() };
  });

  // a reload or a network blip is not "the player left": wait a little, then look again
  socket.on('disconnecting', () => {
    const rooms = [...socket.rooms].filter((r) => r.startsWith('presence-') && !r.includes('#'));
    setTimeout(async () => {
      try {
        for (const room of rooms) {
          if ((await usersIn(io, room)).has(me)) continue;
          io.to(room).emit('member-removed', { channel: room, userId: me });
          if (room === channels.users) io.to(room).emit('user-leave', { userId: me });
          const parsed = parseChannel(room);
          // a partnered game whose player is gone ends for both (solo and finished games: no-op)
          if (parsed?.kind === 'game') await games.partnerLeft(parsed.gameId, me);
        }
        if ((await usersIn(io, channels.user(me))).size === 0) await deps.onUserGone(me);
      } catch (err) {
        logger.warn({ err }, 'presence check failed');
      }
    }, deps.disconnectGraceMs).unref();
  });
}
