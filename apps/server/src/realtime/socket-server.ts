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
import type { SessionGuard } from '../auth/session-guard.ts';
import type { CallService } from '../calls/call-service.ts';
import { DomainError } from '../errors.ts';
import type { Clock, GameService } from '../games/game-service.ts';
import type { GameLifecycle, LeaveCause } from '../games/lifecycle/game-lifecycle.ts';
import { createOwnerRelay } from '../games/owner/owner-relay.ts';
import type { ResultsService } from '../games/results-service.ts';
import type { SocialDispatch } from '../social/social-dispatch.ts';
import { authorizeChannel, type ChannelAccessDeps } from './channel-access.ts';
import { type BudgetAnswer, createEventBudget, EVENTS_PER_SECOND } from './event-budget.ts';
import { protocolVersion } from './protocol-version.ts';
import { playerRoom } from './rooms.ts';
import { describeZodError, toSocketError } from './socket-errors.ts';

interface SocketData {
  user: AccessClaims;
}

/** one per socket: what it may still send (event-budget.ts). not in socket.data, which other
 * instances read (fetchSockets) and so must stay plain data */
const budgets = new WeakMap<object, () => BudgetAnswer>();

/** between instances: a user's sessions or role changed (session-guard.ts) */
interface InterServerEvents {
  'session-changed': (userId: string) => void;
  /** a player is back in a game: a wait for them held by another instance ends (game-lifecycle.ts) */
  'player-back': (gameId: string, userId: string) => void;
}

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** open sockets one user may have on one instance (tabs, a phone): a script opened 200 */
export const SOCKETS_PER_USER = 10;

export interface RealtimeDeps {
  access: AccessTokens;
  sessions: SessionGuard;
  games: GameService;
  /** what a game's players coming and going means: told of joins and leaves, nothing more */
  lifecycle: GameLifecycle;
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
      ? {
          // every key and channel under the prefix: the adapter's pub/sub channels (fetchSockets'
          // answers) default to one name for every cluster on a Redis, so two clusters sharing a
          // Redis saw each other's sockets in their presence lists
          adapter: createAdapter(deps.redis, {
            streamName: `${deps.redisPrefix}:socket.io`,
            channelPrefix: `${deps.redisPrefix}:socket.io`,
            sessionKeyPrefix: `${deps.redisPrefix}:sio:session:`,
          }),
        }
      : {}),
  });

  io.use(protocolVersion());
  // sockets per user on this instance, counted from the handshake (the cap) to the disconnect
  const open = new Map<string, number>();
  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token.length > 4096) return next(new Error('unauthorized'));
    let user: AccessClaims;
    try {
      user = await deps.sessions.check(await deps.access.verify(token));
    } catch (err) {
      const refused = new Error('unauthorized') as Error & { data?: unknown };
      refused.data = toSocketError(err);
      return next(refused);
    }
    const count = open.get(user.userId) ?? 0;
    if (count >= SOCKETS_PER_USER) {
      const refused = new Error('too-many-connections') as Error & { data?: unknown };
      refused.data = {
        code: 'RATE_LIMITED',
        message: `You have ${SOCKETS_PER_USER} connections open already. Close a tab and try again.`,
      };
      return next(refused);
    }
    open.set(user.userId, count + 1);
    socket.once('disconnect', () => {
      const left = (open.get(user.userId) ?? 1) - 1;
      if (left > 0) open.set(user.userId, left);
      else open.delete(user.userId);
    });
    socket.data.user = user;
    budgets.set(socket, createEventBudget());
    next();
  });

  // a role change, a removal or an ended session reaches the user's open sockets here and on
  // every other instance: each re-checks its token and the ended ones are closed
  deps.sessions.onChange((userId) => void recheckSockets(io, deps.sessions, userId));
  // a player back through another instance ends a wait held here. one instance: nobody to tell
  // (its in-memory adapter only warns on serverSideEmit)
  if (deps.redis) {
    deps.sessions.relay = (userId) => io.serverSideEmit('session-changed', userId);
    io.on('session-changed', (userId) => deps.sessions.heard(userId));
    deps.lifecycle.relay = (gameId, userId) => io.serverSideEmit('player-back', gameId, userId);
    io.on('player-back', (gameId, userId) => deps.lifecycle.heard(gameId, userId));
    // actions on a game owned by another instance go to its owner (games/owner/)
    const owner = deps.games.owner;
    owner.relayThrough(
      createOwnerRelay({
        redis: deps.redis,
        prefix: deps.redisPrefix,
        instanceId: owner.instanceId,
        serve: (request) => owner.serve(request),
        onError: (err) => deps.logger.warn({ err }, 'game owner relay failed'),
      }),
    );
  }

  io.on('connection', (socket) => registerHandlers(io, socket, deps));
  return io;
}

/**
 * the one door of every client event, game and social: the event budget, the session (a token that
 * expired, an account removed, a session ended), then the handler, answered through the
 * acknowledgement
 */
function on(
  socket: AppSocket,
  event: string,
  deps: Pick<RealtimeDeps, 'logger' | 'sessions'>,
  handler: (payload: unknown) => Promise<object>,
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
      const budget = budgets.get(socket)?.() ?? 'ok';
      if (budget !== 'ok') {
        reply({
          ok: false,
          error: {
            code: 'RATE_LIMITED',
            message: `Too many events: send at most ${EVENTS_PER_SECOND} a second.`,
          },
        });
        if (budget === 'abusive') socket.disconnect(true);
        return;
      }
      try {
        await currentSession(socket, deps.sessions);
        reply({ ok: true, ...(await handler(body)) });
      } catch (err) {
        const error = toSocketError(err);
        if (error.code === 'INTERNAL') deps.logger.error({ err, event }, 'socket handler failed');
        reply({ ok: false, error });
      }
    }) as never,
  );
}

/** a client event parsed with its schema from the core protocol */
function onEvent<E extends ClientEventName>(
  socket: AppSocket,
  event: E,
  deps: Pick<RealtimeDeps, 'logger' | 'sessions'>,
  handler: (payload: import('zod').infer<(typeof clientEventSchemas)[E]>) => Promise<object>,
) {
  on(socket, event, deps, async (body) => {
    const parsed = clientEventSchemas[event].safeParse(body);
    if (!parsed.success) throw new DomainError('VALIDATION', describeZodError(parsed.error));
    return handler(parsed.data as never);
  });
}

/**
 * the socket's session as it is now; an expired or ended one closes the connection. the client
 * reconnects by itself with the token it has (renewed first when it was refused), so a game goes
 * on within the disconnect grace period
 */
async function currentSession(socket: AppSocket, sessions: SessionGuard): Promise<AccessClaims> {
  const user = socket.data.user;
  try {
    if ((user.expiresAtMs ?? 0) <= Date.now()) {
      throw new DomainError('INVALID_TOKEN', 'The access token has expired.');
    }
    socket.data.user = await sessions.check(user);
    return socket.data.user;
  } catch (err) {
    // after the answer: the transport closes, the client reconnects (not a server "disconnect")
    setImmediate(() => socket.conn.close());
    throw err;
  }
}

async function recheckSockets(io: AppServer, sessions: SessionGuard, userId: string) {
  const ids = io.of('/').adapter.rooms.get(channels.user(userId)) ?? new Set<string>();
  for (const id of ids) {
    const socket = io.of('/').sockets.get(id);
    if (socket) await currentSession(socket, sessions).catch(() => {});
  }
}

async function usersIn(io: AppServer, room: string): Promise<Set<string>> {
  const sockets = await io.in(room).fetchSockets();
  return new Set(sockets.map((s) => s.data.user.userId));
}

function registerHandlers(io: AppServer, socket: AppSocket, deps: RealtimeDeps) {
  const { games, logger } = deps;
  const me = socket.data.user.userId;
  // an access token ends while its socket is open: close it then, the client comes back renewed
  const expiresIn = (socket.data.user.expiresAtMs ?? 0) - Date.now();
  const expiry = setTimeout(
    () => void currentSession(socket, deps.sessions).catch(() => {}),
    expiresIn + 100,
  );
  expiry.unref();
  socket.once('disconnect', () => clearTimeout(expiry));
  // every socket is in its owner's private and invite channels from the start, so nothing sent
  // to the user is missed between connecting and subscribing (or after a reconnect)
  void socket.join([channels.user(me), channels.invite(me)]);

  onEvent(socket, 'subscribe', deps, async ({ channel }) => {
    const parsed = await authorizeChannel(deps.channelAccess, me, channel);
    if (!PRESENCE_ROOMS.has(parsed.kind)) {
      await socket.join(channel);
      if (parsed.kind === 'game') {
        await socket.join(playerRoom(parsed.gameId, me));
        deps.lifecycle.joined(parsed.gameId, me);
      }
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
    for (const event of social.events) on(socket, event, deps, (payload) => social.run(me, event, payload));
  }

  onEvent(socket, 'unsubscribe', deps, async ({ channel }) => {
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

  onEvent(socket, 'initiate-handshake', deps, async ({ gameId, channel }) => {
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
    deps.lifecycle.joined(gameId, me);
    const game = await games.handshake(
      gameId,
      me,
      async (state) => {
        online = await onlineIn(room, state);
        return online.speller && (state.solo || online.speaker);
      },
      socket.id,
    );
    socket.emit('handshake-response', { id: gameId, online });
    // a player who comes (back) while the game waits for their partner's network hears it too:
    // partner-reconnecting went out when the wait began, maybe while this socket was down itself
    const partner = game.speller._id === me ? game.speaker?._id : game.speller._id;
    const until = partner ? deps.lifecycle.waitingUntil(gameId, partner) : undefined;
    if (partner && until !== undefined && game.status === 'started') {
      socket.emit('partner-reconnecting', { gameId, userId: partner, until });
    }
    return { game };
  });

  onEvent(socket, 'play-again', deps, async ({ gameId }) => {
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
  onEvent(socket, 'rtc-signal', deps, async (signal) => {
    let partner = partners.get(signal.gameId);
    if (!partner) {
      partner = await deps.calls.partnerOf(signal.gameId, me);
      if (partners.size > 16) partners.clear();
      partners.set(signal.gameId, partner);
    }
    io.to(playerRoom(signal.gameId, partner)).emit('rtc-signal', { ...signal, from: me });
    return {};
  });

  // the answer carries this guess's update-game: the broadcast skips this socket
  onEvent(socket, 'guess-word', deps, async ({ gameId, index, guess }) => ({
    game: await games.guess(gameId, me, index, guess, socket.id),
  }));

  // asked every second or so by a playing client: the player is checked once per game, then the
  // answer is the clock alone
  const playing = new Set<string>();
  onEvent(socket, 'timer-sync', deps, async ({ gameId }) => {
    if (!playing.has(gameId)) {
      await authorizeChannel(deps.channelAccess, me, channels.game(gameId));
      if (playing.size > 16) playing.clear();
      playing.add(gameId);
    }
    return { timestamp: deps.clock.now() };
  });

  // presence only. what a game does when its player goes is the lifecycle's
  // (games/lifecycle/game-lifecycle.ts): the socket says which game and why
  let rooms: string[] = [];
  socket.on('disconnecting', () => {
    rooms = [...socket.rooms].filter((r) => r.startsWith('presence-') && !r.includes('#'));
  });
  socket.on('disconnect', (reason) => {
    // the client said goodbye (Leave, a page that closed its socket) or the server closed it;
    // anything else is the network: a closed transport, a ping unanswered
    const cause: LeaveCause =
      reason === 'client namespace disconnect' || reason === 'server namespace disconnect'
        ? 'closed'
        : 'network';
    for (const room of rooms) {
      const parsed = parseChannel(room);
      if (parsed?.kind !== 'game') continue;
      deps.lifecycle
        .left(parsed.gameId, me, cause)
        .catch((err) => logger.warn({ err }, 'game presence report failed'));
    }
    // a reload is not "the user left": wait a little, then look again
    const others = rooms.filter((r) => parseChannel(r)?.kind !== 'game');
    setTimeout(async () => {
      try {
        for (const room of others) {
          if ((await usersIn(io, room)).has(me)) continue;
          io.to(room).emit('member-removed', { channel: room, userId: me });
          if (room === channels.users) io.to(room).emit('user-leave', { userId: me });
        }
        if ((await usersIn(io, channels.user(me))).size === 0) await deps.onUserGone(me);
      } catch (err) {
        logger.warn({ err }, 'presence check failed');
      }
    }, deps.disconnectGraceMs).unref();
  });
}
