import { HANDSHAKE_INTERVAL_MS } from '@sayspell/core/constants';
import { applyGameUpdate, isGameDelta } from '@sayspell/core/game/game-delta';
import { channels } from '@sayspell/core/protocol/channels';
import type { Ack } from '@sayspell/core/protocol/errors';
import type { GameUpdate, GameView, WordEntryView } from '@sayspell/core/protocol/game';
import type { FinishGame, PartnerReconnecting } from '@sayspell/core/protocol/socket';
import { useCallback, useEffect, useRef, useState } from 'react';
import { emitWithBudgetRetry, refusedForBudget } from './budget-retry.ts';
import { useAppSocket } from './use-app-socket.ts';
import { useOnConnect, useSocketEvents } from './use-socket-events.ts';

// the game's channel: join it, handshake every 100 ms until the game has started (§4), then
// follow the server: full views at the start, on a handshake and at the end, and after each guess
// a delta (the turn's result and the next turn, issue 16) folded into the view held here. a delta
// that does not follow the view held (one was missed) asks for a full view again, as a
// reconnection does (it joins and handshakes again). a guess's answer is the guesser's own delta
// (the full view when it finished the game): folded the same way, so the guessing tab moves on
// from its answer whichever of the two comes first, and the other is dropped as stale.

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
  /** the partner lost their connection: who, and until when (server clock) the game waits */
  away: PartnerReconnecting | null;
  /** the game ended as partner-left while this tab was the one disconnected: we dropped out */
  droppedOut: boolean;
  /** sends a guess; answers the word it answered, as the server now shows it (revealed) */
  guess: (index: number, guess: string) => Promise<WordEntryView | undefined>;
}

export interface GameChannelEvents {
  /**
   * this player's id: a game that ends as partner-left naming them is their own dropped connection,
   * even when it ends right after they came back (the wait had already looked for them)
   */
  me?: string;
  onFinish: (f: FinishGame) => void;
  /** a player left the game's channel for good (the server waits out a grace period first) */
  onMemberRemoved?: (userId: string) => void;
}

export function useGameChannel(initial: GameView, events: GameChannelEvents): GameChannel {
  const gameId = initial._id;
  const socket = useAppSocket();
  const [game, setGame] = useState(initial);
  // the view held, for folding deltas in the order they come (state updates are batched)
  const held = useRef(initial);
  const [offset, setOffset] = useState(() => initial.serverNow - Date.now());
  const [connected, setConnected] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [away, setAway] = useState<PartnerReconnecting | null>(null);
  const [droppedOut, setDroppedOut] = useState(false);
  // set while this tab is disconnected from an unfinished game; a partner-left finish seen on the
  // way back means the game stopped waiting for us
  const offline = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const resyncing = useRef(false);
  // a handshake waiting for its answer: the next one waits too, so a slow server is not sent ten
  // a second that all count against the socket's budget
  const asking = useRef(false);
  const eventsRef = useRef(events);
  eventsRef.current = events;

  // false once the page has left the game: a join answered (or asked again) after that starts
  // nothing, so no handshakes go on behind a page that is gone
  const here = useRef(true);

  const stop = useCallback(() => {
    window.clearInterval(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => {
    here.current = true;
    return () => {
      here.current = false;
      stop();
    };
  }, [stop]);

  const measure = useCallback((serverNow: number) => {
    const next = serverNow - Date.now();
    setOffset((prev) => (Math.abs(next - prev) > OFFSET_JITTER_MS ? next : prev));
  }, []);

  /** a full view or a delta; false when a delta did not follow the view held */
  const apply = useCallback(
    (update: GameUpdate): boolean => {
      const out = applyGameUpdate(held.current, update);
      if (out.kind === 'gap') return false;
      if (out.kind !== 'applied') return true;
      const next = out.view;
      measure(next.serverNow);
      if (offline.current && next.finished && next.endedReason === 'partner-left') setDroppedOut(true);
      if (next.finished) setAway(null);
      held.current = next;
      setGame(next);
      return true;
    },
    [measure],
  );

  const handshake = useCallback(() => {
    if (!socket || asking.current) return;
    asking.current = true;
    socket.emit('initiate-handshake', { gameId }, (ack) => {
      asking.current = false;
      if (!ack.ok) {
        // refused for the socket's budget (the partner's page is slow to come, the call is
        // signalling): the next handshake asks again. any other refusal ends play here
        if (refusedForBudget(ack)) return;
        stop();
        setError(ack.error.message);
        return;
      }
      apply(ack.game);
      offline.current = false;
      if (ack.game.status !== 'created') stop();
    });
  }, [socket, gameId, apply, stop]);

  /** a full view again, once at a time (a delta was missed, or a guess was refused) */
  const resync = useCallback(() => {
    if (resyncing.current || !socket) return;
    resyncing.current = true;
    socket.emit('initiate-handshake', { gameId }, (ack) => {
      resyncing.current = false;
      if (ack.ok) apply(ack.game);
    });
  }, [socket, gameId, apply]);

  const join = useCallback(() => {
    if (!socket) return;
    // a join refused for the socket's budget is asked again a little later (budget-retry.ts)
    emitWithBudgetRetry(
      (payload: { channel: string }, ack: (a: Ack<{ members?: string[] }>) => void) =>
        socket.emit('subscribe', payload, ack),
      { channel: channels.game(gameId) },
      {
        live: () => here.current && socket.connected,
        onAnswer: (ack) => {
          if (!here.current) return;
          if (!ack.ok) {
            setError(ack.error.message);
            return;
          }
          stop();
          handshake();
          timer.current = window.setInterval(handshake, HANDSHAKE_INTERVAL_MS);
        },
      },
    );
  }, [socket, gameId, handshake, stop]);

  useOnConnect(socket, () => {
    if (!socket) return;
    setConnected(true);
    asking.current = false;
    join();
  });

  useSocketEvents(socket, {
    disconnect: () => {
      setConnected(false);
      offline.current = true;
      resyncing.current = false;
      // an answer to a handshake sent before the drop never comes
      asking.current = false;
      stop();
    },
    'update-game': (u) => {
      if (u._id === gameId && !apply(u)) resync();
    },
    'finish-game': (f) => {
      if (f.id !== gameId) return;
      setAway(null);
      const me = eventsRef.current.me;
      if (f.reason === 'partner-left' && me !== undefined && f.leftBy === me) setDroppedOut(true);
      eventsRef.current.onFinish(f);
    },
    'member-removed': (m) => {
      if (m.channel === channels.game(gameId)) eventsRef.current.onMemberRemoved?.(m.userId);
    },
    'start-timer-sync': (t) => {
      if (t.id !== gameId) return;
      measure(t.serverNow);
      held.current = { ...held.current, startsAt: t.startsAt, endsAt: t.endsAt };
      setGame(held.current);
    },
    'partner-reconnecting': (p) => {
      if (p.gameId === gameId) setAway(p);
    },
    'partner-back': (p) => {
      if (p.gameId === gameId) setAway((prev) => (prev?.userId === p.userId ? null : prev));
    },
  });

  // leaving the page leaves the channel
  useEffect(() => {
    if (!socket) return;
    return () => {
      if (socket.connected) socket.emit('unsubscribe', { channel: channels.game(gameId) }, () => {});
    };
  }, [socket, gameId]);

  const guess = useCallback(
    async (index: number, text: string) => {
      // a guess queued while offline could land on a later word: refuse it instead
      if (!socket?.connected) throw new Error('Reconnecting to the game… try again in a moment.');
      let ack: Awaited<ReturnType<typeof socket.emitWithAck<'guess-word'>>>;
      try {
        ack = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('guess-word', { gameId, index, guess: text });
      } catch {
        // no answer in time: the guess may have counted, and the answer is this tab's only news of
        // it (the room's update-game skips the socket that guessed): the game as it is now
        resync();
        throw new Error(
          'The game did not answer in time. Your guess may have counted: the game is brought up to date.',
        );
      }
      if (!ack.ok) {
        // the game may have moved on without us: fetch a fresh snapshot
        resync();
        throw new Error(ack.error.message);
      }
      // a delta that does not follow the view held (an update-game was missed): a full view again
      if (!apply(ack.game)) resync();
      return isGameDelta(ack.game) ? ack.game.answered.entry : ack.game.words[index];
    },
    [socket, gameId, apply, resync],
  );

  return { game, offset, connected, error, away, droppedOut, guess };
}
