import { HANDSHAKE_INTERVAL_MS } from '@sayspell/core/constants';
import { channels } from '@sayspell/core/protocol/channels';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppSocket } from './use-app-socket.ts';
import { useOnConnect, useSocketEvents } from './use-socket-events.ts';

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
  // no socket while the results are not for a partnered game
  const socket = useAppSocket(enabled);
  const onNewGameRef = useRef(onNewGame);
  onNewGameRef.current = onNewGame;
  const started = useRef<string | null>(null);

  const newGame = useCallback((id: string) => {
    if (started.current) return;
    started.current = id;
    onNewGameRef.current(id);
  }, []);

  const channel = channels.results(gameId);
  const timer = useRef<number | undefined>(undefined);
  // the shared countdown came: no more knocking, even after a reconnection
  const synced = useRef(false);
  const stop = useCallback(() => {
    window.clearInterval(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => stop, [stop]);

  const handshake = () => {
    socket?.emit('initiate-handshake', { gameId, channel: 'results' }, (ack) => {
      if (ack.ok) return;
      stop();
      setError(ack.error.message);
    });
  };

  // on every (re)connection: join again; keep knocking until the partner is there
  useOnConnect(socket, () => {
    stop();
    handshake();
    if (!synced.current) timer.current = window.setInterval(handshake, HANDSHAKE_INTERVAL_MS);
  });

  useSocketEvents(socket, {
    'handshake-response': (r) => {
      if (r.id !== gameId) return;
      const both = r.online.speaker && r.online.speller;
      setTogether(both);
      if (both) stop();
    },
    'countdown-sync': (c) => {
      if (c.id !== gameId) return;
      synced.current = true;
      stop();
      setTogether(true);
      setCountdown({ startsAt: c.startsAt, offset: c.serverNow - Date.now() });
    },
    'play-again': (p) => {
      if (p.id !== gameId) return;
      if ('gameId' in p) newGame(p.gameId);
      else if (p.requestedBy === me) setAsked(true);
      else setPartnerAsked(true);
    },
    'member-removed': (m) => {
      if (m.channel === channel && m.userId !== me) setPartnerGone(true);
    },
  });

  // leaving the screen leaves the channel
  useEffect(() => {
    if (!socket) return;
    return () => {
      if (socket.connected) socket.emit('unsubscribe', { channel }, () => {});
    };
  }, [socket, channel]);

  const playAgain = useCallback(async () => {
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
  }, [socket, gameId, newGame]);

  return { together, countdown, asked, partnerAsked, partnerGone, error, playAgain };
}
