import type { InviteOutcome, InviteResponse } from '@sayspell/core/protocol/social';
import { useEffect, useRef } from 'react';
import { request } from '../api/client.ts';
import type { AppSocket } from '../realtime/socket.ts';
import { useOnConnect } from '../realtime/use-socket-events.ts';

// the sender's own watch over the invite it sent (issue 15 item 3): the server's answer can be
// missed (a dropped network, an event lost across a reconnect), so the sender asks where the invite
// stands when its own 30 s run out and after every reconnect, instead of waiting at '0 s left'

/** past the deadline, a little longer for the server's own event to come first */
export const SENDER_GRACE_MS = 1500;

export const fetchInviteOutcome = (inviteId: string) => request<InviteOutcome>(`/v1/invites/${inviteId}`);

/** what the sender does with where the invite stands: wait on, go to the game, or be told */
export type Settle =
  | { kind: 'wait'; expiresAt: number }
  | { kind: 'game'; gameId: string }
  | { kind: 'answer'; answer: Pick<InviteResponse, 'type' | 'message'> }
  | { kind: 'gone' };

export function settleOutcome(o: InviteOutcome): Settle {
  switch (o.status) {
    case 'pending':
      return { kind: 'wait', expiresAt: o.expiresAt };
    case 'accepted':
      return o.gameId ? { kind: 'game', gameId: o.gameId } : { kind: 'answer', answer: { type: 'failed' } };
    case 'expired':
      return { kind: 'answer', answer: { type: 'timeout' } };
    case 'declined':
      if (o.reason === 'ingame' || o.reason === 'busy') return { kind: 'answer', answer: { type: o.reason } };
      return { kind: 'answer', answer: {} };
    default:
      // cancelled (by this player, or by a block): nothing to tell
      return { kind: 'gone' };
  }
}

/**
 * watches the invite being waited for: at its deadline (plus a grace) and on every reconnect it
 * asks the server. offline at the deadline, the invite is over for the sender anyway: 'timeout'
 */
export function useSentInviteWatch(
  socket: AppSocket,
  waiting: { inviteId: string; expiresAt: number } | null,
  settle: (inviteId: string, s: Settle) => void,
) {
  const latest = useRef({ waiting, settle });
  latest.current = { waiting, settle };

  // made once: it reads the latest invite and callback through the ref
  const check = useRef((offlineIsTimeout: boolean) => {
    const w = latest.current.waiting;
    if (!w) return;
    fetchInviteOutcome(w.inviteId).then(
      (o) => latest.current.settle(w.inviteId, settleOutcome(o)),
      () => {
        if (offlineIsTimeout)
          latest.current.settle(w.inviteId, { kind: 'answer', answer: { type: 'timeout' } });
      },
    );
  }).current;

  useEffect(() => {
    if (!waiting) return;
    const t = window.setTimeout(() => check(true), waiting.expiresAt - Date.now() + SENDER_GRACE_MS);
    return () => window.clearTimeout(t);
  }, [waiting, check]);

  // back after a drop: the answer may have come while away
  useOnConnect(socket, () => check(false));
}
