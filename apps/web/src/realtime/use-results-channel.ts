import { HANDSHAKE_INTERVAL_MS } from '@sayspell/core/constants';
import { channels } from '@sayspell/core/protocol/channels';
import type { CountdownSync, HandshakeResponse, PlayAgain } from '@sayspell/core/protocol/socket';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AppSocket, acquireSocket, releaseSocket } from './socket.ts';

// the results channel of a partnered game (§4): both players handshake every 100 ms until both
// are there; the server then starts one shared countdown, after which they may play again

const ACK_TIMEOUT_MS = 5000;

export interface ResultsChannel {
  /** both players are on their results screen */
  together: boolean;
  /** the shared countdown's end (server time) and serverNow − Date.now(); null until it is set */
  countdown: { startsAt: number; offset: number } | null;
  /** this player asked to play again */
  asked: boolean;
  /** the partner asked to play again */
  partnerAsked: boolean;
  /** the partner left the results for good */
  partnerGone: boolean;
  error: string | null;
  playAgain: () => Promise<void>;
}

export function useResultsChannel(
  gameId: string,
  me: string,
  enabled: boolean,
  onNewGame: (gameId: string) => void,
): ResultsChannel {
  const [together, setTogether] = useState(false);
  const [countdown, setCountdown] = useState<ResultsChannel['countdown']>(null);
  const [asked, setAsked] = useState(false);
  const [partnerAsked, setPartnerAsked] = useState(false);
  const [partnerGone, setPartnerGone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const socketRef = useRef<AppSocket | null>(null);
  const onNewGameRef = useRef(onNewGame);
  onNewGameRef.current = onNewGame;
  const started = useRef<string | null>(null);

  const newGame = useCallback((id: string) => {
    if (started.current) return;
    started.current = id;
    onNewGameRef.current(id);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const socket = acquireSocket();
    socketRef.current = socket;
    const channel = channels.results(gameId);
    let timer: number | undefined;
    let synced = false;

    const stop = () => {
      window.clearInterval(timer);
      timer = undefined;
    };
    const handshake = () => {
      socket.emit('initiate-handshake', { gameId, channel: 'results' }, (ack) => {
        if (ack.ok) return;
        stop();
        setError(ack.error.message);
      });
    };
    // on every (re)connection: join again; keep knocking until the partner is there
    const join = () => {
      stop();
      handshake();
      if (!synced) timer = window.setInterval(handshake, HANDSHAKE_INTERVAL_MS);
    };
    const onHandshake = (r: HandshakeResponse) => {
      if (r.id !== gameId) return;
      const both = r.online.speaker && r.online.speller;
      setTogether(both);
      if (both) stop();
    };
    const onCountdown = (c: CountdownSync) => {
      if (c.id !== gameId) return;
      synced = true;
      stop();
      setTogether(true);
      setCountdown({ startsAt: c.startsAt, offset: c.serverNow - Date.now() });
    };
    const onPlayAgain = (p: PlayAgain) => {
      if (p.id !== gameId) return;
      if ('gameId' in p) newGame(p.gameId);
      else if (p.requestedBy === me) setAsked(true);
      else setPartnerAsked(true);
    };
    const onRemoved = (m: { channel: string; userId: string }) => {
      if (m.channel === channel && m.userId !== me) setPartnerGone(true);
    };

    socket.on('connect', join);
    socket.on('handshake-response', onHandshake);
    socket.on('countdown-sync', onCountdown);
    socket.on('play-again', onPlayAgain);
    socket.on('member-removed', onRemoved);
    if (socket.connected) join();

    return () => {
      stop();
      socket.off('connect', join);
      socket.off('handshake-response', onHandshake);
      socket.off('countdown-sync', onCountdown);
      socket.off('play-again', onPlayAgain);
      socket.off('member-removed', onRemoved);
      if (socket.connected) socket.emit('unsubscribe', { channel }, () => {});
      socketRef.current = null;
      releaseSocket();
    };
  }, [gameId, me, enabled, newGame]);

  const playAgain = useCallback(async () => {
    const socket = socketRef.current;
    if (!socket?.connected) throw new Error('Reconnecting… try again in a moment.');
    setAsked(true);
    const ack = await socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('play-again', { gameId })
      .catch(() => ({
        ok: false as const,
        error: { code: 'TIMEOUT', message: 'The server did not answer.' },
      }));
    if (!ack.ok) {
      setAsked(false);
      throw new Error(ack.error.message);
    }
    if (!ack.waiting && ack.gameId) newGame(ack.gameId);
  }, [gameId, newGame]);

  return { together, countdown, asked, partnerAsked, partnerGone, error, playAgain };
}
