import { useQuery } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { fetchAudioToken } from '../api/call.ts';
import { configQuery } from '../api/config.ts';
import {
  hasRealtimeMedia,
  type MicrophoneProblem,
  microphoneConstraints,
  microphoneProblem,
} from '../audio/devices.ts';
import { emitWithBudgetRetry } from '../realtime/budget-retry.ts';
import { useAppSocket } from '../realtime/use-app-socket.ts';
import type { CallSession, CallState, SignalLine } from './call-session.ts';

export interface CallView {
  /** 'off': not a partnered game (or already over) */
  state: CallState | 'off' | 'starting';
  /** why we have no microphone (the call still brings the partner's voice) or no call at all */
  problem: MicrophoneProblem | null;
  /** the call could not be set up (token refused, network) */
  error: string | null;
  session: CallSession | null;
  limitReached: boolean;
  /** the partner's network dropped: the game waits for them (partner-reconnecting, issue 20) */
  partnerAway: boolean;
  /** this tab lost its connection to the server: the call comes back with it */
  offline: boolean;
  /** asks for the microphone (and the call) again, after a permission was given */
  retry(): void;
}

/** the voice/video call of a partnered game for as long as the game screen is open */
export function useCall(gameId: string, enabled: boolean): CallView {
  const [, changed] = useReducer((n: number) => n + 1, 0);
  const [session, setSession] = useState<CallSession | null>(null);
  const [problem, setProblem] = useState<MicrophoneProblem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [limitReached, setLimitReached] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [partnerAway, setPartnerAway] = useState(false);
  const [offline, setOffline] = useState(false);
  // the game's socket, held while the call is on (null until the socket client has loaded)
  const socket = useAppSocket(enabled);
  const config = useQuery(configQuery);
  // read when the call starts: the config arriving later must not restart a call
  const tokenUri = useRef<string | undefined>(undefined);
  tokenUri.current = config.data?.audioTokenUri;
  const limitTimer = useRef<number | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is how Retry starts it again
  useEffect(() => {
    if (!enabled) return;
    if (!hasRealtimeMedia()) {
      setProblem('unsupported');
      return;
    }
    if (!socket) return;
    let cancelled = false;
    let current: CallSession | null = null;
    let microphone: MediaStream | null = null;
    const line: SignalLine = {
      // a signal the socket's event budget refused is sent again (realtime/budget-retry.ts)
      send: (signal) =>
        emitWithBudgetRetry((s, ack) => socket.emit('rtc-signal', s, ack), signal, {
          live: () => !cancelled,
        }),
      listen: (handler) => {
        socket.on('rtc-signal', handler);
        return () => socket.off('rtc-signal', handler);
      },
    };

    (async () => {
      setError(null);
      // the peer connection's code comes with a partnered game's call, not with every game (issue 22)
      const [token, { CallSession }] = await Promise.all([
        fetchAudioToken(gameId, tokenUri.current),
        import('./call-session.ts'),
      ]);
      try {
        microphone = await navigator.mediaDevices.getUserMedia({ audio: microphoneConstraints() });
        setProblem(null);
      } catch (err) {
        setProblem(microphoneProblem(err));
      }
      if (cancelled) {
        for (const t of microphone?.getTracks() ?? []) t.stop();
        return;
      }
      let wasConnected = false;
      current = new CallSession({
        gameId,
        polite: token.polite,
        iceServers: token.iceServers,
        microphone,
        line,
        onChange: () => {
          // the limit counts from the first moment the two are connected (§9: 1200 s)
          if (current?.state === 'connected' && !wasConnected) {
            wasConnected = true;
            limitTimer.current = window.setTimeout(() => {
              current?.hangUp();
              setLimitReached(true);
            }, token.limitSeconds * 1000);
          }
          changed();
        },
      });
      setSession(current);
    })().catch((err: unknown) => {
      if (!cancelled) setError(err instanceof Error ? err.message : 'The call could not be started.');
    });

    // a new network (wi-fi to mobile data): the old candidates are dead, look for new ones
    const onNetworkChange = () => current?.restartIce();
    const connection = (navigator as Navigator & { connection?: EventTarget }).connection;
    window.addEventListener('online', onNetworkChange);
    connection?.addEventListener('change', onNetworkChange);
    // the partner's network went away and came back (issue 20): the old path is dead, find a new
    // one at once rather than waiting for the connection to notice. the same when this tab's own
    // connection to the server comes back (the 'online' event does not come with every break)
    const onPartnerAway = (p: { gameId: string }) => {
      if (p.gameId === gameId) setPartnerAway(true);
    };
    const onPartnerBack = (p: { gameId: string }) => {
      if (p.gameId !== gameId) return;
      setPartnerAway(false);
      current?.restartIce();
    };
    let wasOffline = false;
    const onDisconnect = () => {
      wasOffline = true;
      setOffline(true);
    };
    const onConnect = () => {
      setOffline(false);
      if (!wasOffline) return;
      wasOffline = false;
      current?.restartIce();
    };
    socket.on('partner-reconnecting', onPartnerAway);
    socket.on('partner-back', onPartnerBack);
    socket.on('disconnect', onDisconnect);
    socket.on('connect', onConnect);
    // closing or leaving the page hangs up (§4: page unload; pagehide on mobile)
    const onPageHide = () => current?.hangUp();
    window.addEventListener('pagehide', onPageHide);

    return () => {
      cancelled = true;
      window.removeEventListener('online', onNetworkChange);
      connection?.removeEventListener('change', onNetworkChange);
      window.removeEventListener('pagehide', onPageHide);
      socket.off('partner-reconnecting', onPartnerAway);
      socket.off('partner-back', onPartnerBack);
      socket.off('disconnect', onDisconnect);
      socket.off('connect', onConnect);
      setPartnerAway(false);
      setOffline(false);
      window.clearTimeout(limitTimer.current);
      current?.hangUp();
      for (const t of microphone?.getTracks() ?? []) t.stop();
      setSession(null);
    };
  }, [enabled, gameId, attempt, socket]);

  let state: CallView['state'] = 'off';
  if (enabled) state = session ? session.state : 'starting';
  return {
    state,
    problem,
    error,
    session,
    limitReached,
    partnerAway: enabled && partnerAway,
    offline: enabled && offline,
    retry: () => setAttempt((n) => n + 1),
  };
}
