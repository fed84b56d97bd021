import { HANDSHAKE_INTERVAL_MS } from '@sayspell/core/constants';
import { channels } from '@sayspell/core/protocol/channels';
import type { GameView } from '@sayspell/core/protocol/game';
import type { FinishGame } from '@sayspell/core/protocol/socket';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AppSocket, acquireSocket, releaseSocket } from './socket.ts';

// the game's channel: join it, handshake every 100 ms until the game has started (§4), then
// follow the server's snapshots. a reconnection joins and handshakes again, which resyncs.

const ACK_TIMEOUT_MS = 5000;
// clock offsets closer than this are the same offset measured with different latency
const OFFSET_JITTER_MS = 250;

export interface GameChannel {
  game: GameView;
  /** serverNow − Date.now() */
  offset: number;
  connected: boolean;
  /** a refusal from the server that stops play (not a player of this game, game gone…) */
  error: string | null;
  guess: (index: number, guess: string) => Promise<GameView>;
}

export interface GameChannelEvents {
  onFinish: (f: FinishGame) => void;
  /** a player left the game's channel for good (the server waits out a grace period first) */
  onMemberRemoved?: (userId: string) => void;
}

export function useGameChannel(initial: GameView, events: GameChannelEvents): GameChannel {
  const gameId = initial._id;
  const [game, setGame] = useState(initial);
  const [offset, setOffset] = useState(() => initial.serverNow - Date.now());
  const [connected, setConnected] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const socketRef = useRef<AppSocket | null>(null);
  const eventsRef = useRef(events);
  eventsRef.current = events;

  const measure = useCallback((serverNow: number) => {
    const next = serverNow - Date.now();
    setOffset((prev) => (Math.abs(next - prev) > OFFSET_JITTER_MS ? next : prev));
  }, []);

  const accept = useCallback(
    (next: GameView) => {
      if (next._id !== gameId) return;
      measure(next.serverNow);
      setGame((prev) => (next.version >= prev.version ? next : prev));
    },
    [gameId, measure],
  );

  useEffect(() => {
    const socket = acquireSocket();
    socketRef.current = socket;
    const channel = channels.game(gameId);
    let timer: number | undefined;

    const stop = () => {
      window.clearInterval(timer);
      timer = undefined;
    };
    const handshake = () => {
      socket.emit('initiate-handshake', { gameId }, (ack) => {
        if (!ack.ok) {
          stop();
          setError(ack.error.message);
          return;
        }
        accept(ack.game);
        if (ack.game.status !== 'created') stop();
      });
    };
    const join = () => {
      setConnected(true);
      socket.emit('subscribe', { channel }, (ack) => {
        if (!ack.ok) {
          setError(ack.error.message);
          return;
        }
        stop();
        handshake();
        timer = window.setInterval(handshake, HANDSHAKE_INTERVAL_MS);
      });
    };
    const left = () => {
      setConnected(false);
      stop();
    };
    const finished = (f: FinishGame) => {
      if (f.id === gameId) eventsRef.current.onFinish(f);
    };
    const removed = (m: { channel: string; userId: string }) => {
      if (m.channel === channel) eventsRef.current.onMemberRemoved?.(m.userId);
    };
    const synced = (t: { id: string; startsAt: number; endsAt: number; serverNow: number }) => {
      if (t.id !== gameId) return;
      measure(t.serverNow);
      setGame((prev) => ({ ...prev, startsAt: t.startsAt, endsAt: t.endsAt }));
    };

    socket.on('connect', join);
    socket.on('disconnect', left);
    socket.on('update-game', accept);
    socket.on('finish-game', finished);
    socket.on('member-removed', removed);
    socket.on('start-timer-sync', synced);
    if (socket.connected) join();

    return () => {
      stop();
      socket.off('connect', join);
      socket.off('disconnect', left);
      socket.off('update-game', accept);
      socket.off('finish-game', finished);
      socket.off('member-removed', removed);
      socket.off('start-timer-sync', synced);
      if (socket.connected) socket.emit('unsubscribe', { channel }, () => {});
      socketRef.current = null;
      releaseSocket();
    };
  }, [gameId, accept, measure]);

  const guess = useCallback(
    async (index: number, text: string) => {
      const socket = socketRef.current;
      // a guess queued while offline could land on a later word: refuse it instead
      if (!socket?.connected) throw new Error('Reconnecting to the game… try again in a moment.');
      const ack = await socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('guess-word', { gameId, index, guess: text });
      if (!ack.ok) {
        // the game may have moved on without us: fetch a fresh snapshot
        socket.emit('initiate-handshake', { gameId }, (fresh) => {
          if (fresh.ok) accept(fresh.game);
        });
        throw new Error(ack.error.message);
      }
      accept(ack.game);
      return ack.game;
    },
    [gameId, accept],
  );

  return { game, offset, connected, error, guess };
}
