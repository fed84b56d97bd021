import { notifications } from '@mantine/notifications';
import { NOTIFICATION_MS } from '@sayspell/core/constants';
import type { InviteResponse, InviteSettings, InviteView } from '@sayspell/core/protocol/social';
import { inviteName } from '@sayspell/core/rules/social';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { setCurrentGameId } from '../api/current-game-id.ts';
import { notifyError } from '../api/notify-error.ts';
import type { AppSocket } from '../realtime/socket.ts';
import { useOnConnect, useSocketEvents } from '../realtime/use-socket-events.ts';
import { inviteNotice, type Notice } from './invite-notices.ts';
import { type Answer, addInvite, type InviteQueue, removeInvite } from './invite-queue.ts';
import { useSentInviteWatch } from './sent-invite-watch.ts';
import { fetchInvites } from './social-api.ts';

// invites both ways (§4): the ones received (refused at once on /game), the one sent and its
// answer, and the notice that follows

export interface Waiting {
  inviteId: string;
  partner: { _id: string; username: string };
  expiresAt: number;
}

export interface Invites {
  received: InviteQueue;
  waiting: Waiting | null;
  notice: Notice | null;
  invite(user: { _id: string; username: string }, settings: InviteSettings): Promise<void>;
  cancelInvite(): void;
  answer(answers: Answer[]): Promise<void>;
  /** takes one invite out of the queue and declines it (the block confirmation) */
  decline(invite: InviteView): Promise<void>;
  dismissNotice(): void;
}

export function useInvitesStore(socket: AppSocket, onGame: boolean): Invites {
  const navigate = useNavigate();
  const [received, setReceived] = useState<InviteQueue>([]);
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // the actions read these when they run; they are made once
  const now = useRef({ onGame, waiting });
  now.current = { onGame, waiting };

  const respond = (inviteId: string, response: boolean, type?: 'ingame') =>
    socket
      .timeout(10_000)
      .emitWithAck('invite-response', { inviteId, response, ...(type ? { type } : {}) })
      .catch(() => null);
  const refuseInGame = (invite: InviteView) => void respond(invite._id, false, 'ingame');
  const toGame = (gameId: string) => {
    setCurrentGameId(gameId);
    navigate('/game');
  };

  // invites that arrived while this tab was away
  useOnConnect(socket, () => {
    fetchInvites().then(
      ({ received: pending }) => {
        if (now.current.onGame) pending.forEach(refuseInGame);
        else setReceived((q) => pending.reduce(addInvite, q));
      },
      () => {},
    );
  });

  useSocketEvents(socket, {
    invite: (invite) => {
      // an invite on /game is refused at once, with the reason (§2)
      if (now.current.onGame) return refuseInGame(invite);
      setReceived((q) => addInvite(q, invite));
      notifications.show({
        id: `invite-${invite._id}`,
        title: 'New invite!',
        message: `You have a new invite from ${inviteName(invite.name || invite.user.username)}`,
        autoClose: NOTIFICATION_MS,
        position: 'top-left',
      });
    },
    'invite-cancel': ({ inviteId, reason, user }) => {
      setReceived((q) => removeInvite(q, inviteId));
      if (reason !== 'cancelled') return;
      notifications.show({
        title: 'Invite cancelled',
        message: `${inviteName(user.username)} cancelled the invite.`,
        autoClose: NOTIFICATION_MS,
      });
    },
    'invite-response': (r: InviteResponse) => {
      const w = now.current.waiting;
      if (!w || w.inviteId !== r.inviteId) return;
      setWaiting(null);
      if (r.response && r.gameId) return toGame(r.gameId);
      setNotice(inviteNotice(r, w.partner.username));
    },
    'invite-response-game': ({ gameId }) => {
      setReceived([]);
      toGame(gameId);
    },
    'block-user': ({ userId, blocked }) => {
      if (blocked) setReceived((q) => q.filter((i) => i.user._id !== userId));
    },
  });

  // the sender's own deadline and the recovery after a reconnect
  useSentInviteWatch(socket, waiting, (inviteId, s) => {
    const w = now.current.waiting;
    if (!w || w.inviteId !== inviteId) return;
    if (s.kind === 'wait') {
      if (s.expiresAt !== w.expiresAt) setWaiting({ ...w, expiresAt: s.expiresAt });
      return;
    }
    setWaiting(null);
    if (s.kind === 'game') toGame(s.gameId);
    else if (s.kind === 'answer') setNotice(inviteNotice(s.answer, w.partner.username));
  });

  // arriving on /game refuses what is still waiting
  useEffect(() => {
    if (!onGame || received.length === 0) return;
    received.forEach(refuseInGame);
    setReceived([]);
  });

  const actions = useRef<Omit<Invites, 'received' | 'waiting' | 'notice'>>({
    async invite(user, settings) {
      const ack = await socket
        .timeout(10_000)
        .emitWithAck('invite', { to: user._id, settings })
        .catch(() => null);
      if (!ack) return notifyError(new Error('The invite could not be sent. Please try again.'));
      if (ack.ok) return setWaiting({ inviteId: ack.inviteId, partner: user, expiresAt: ack.expiresAt });
      if (ack.error.code === 'BUSY') return setNotice(inviteNotice({ type: 'busy' }, user.username));
      notifyError(new Error(ack.error.message), 'Invite not sent');
    },
    cancelInvite() {
      const w = now.current.waiting;
      setWaiting(null);
      if (w)
        void socket
          .timeout(10_000)
          .emitWithAck('invite-cancel', { inviteId: w.inviteId })
          .catch(() => {});
    },
    async answer(answers) {
      const ids = new Set(answers.map((a) => a.inviteId));
      setReceived((q) => q.filter((i) => !ids.has(i._id)));
      for (const a of answers) {
        const ack = await respond(a.inviteId, a.response);
        if (!a.response || !ack) continue;
        if (!ack.ok) notifyError(new Error(ack.error.message), 'Could not accept');
        else if (ack.gameId) toGame(ack.gameId);
      }
    },
    async decline(invite) {
      setReceived((q) => removeInvite(q, invite._id));
      await respond(invite._id, false);
    },
    dismissNotice: () => setNotice(null),
  }).current;

  return useMemo(() => ({ received, waiting, notice, ...actions }), [received, waiting, notice, actions]);
}
