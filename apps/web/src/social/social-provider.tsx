import { notifications } from '@mantine/notifications';
import { NOTIFICATION_MS, PRESENCE_DELAY_MS } from '@sayspell/core/constants';
import type { UserView } from '@sayspell/core/protocol/auth';
import type { InviteSettings, InviteView, OnlineUser } from '@sayspell/core/protocol/social';
import { inviteName } from '@sayspell/core/rules/social';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { profileQuery } from '../api/auth.ts';
import { setCurrentGameId } from '../api/current-game-id.ts';
import { notifyError } from '../api/notify-error.ts';
import { queryClient } from '../api/query-client.ts';
import { type AppSocket, acquireSocket, releaseSocket } from '../realtime/socket.ts';
import { type Answer, addInvite, type InviteQueue, removeInvite } from './invite-queue.ts';
import { fetchInvites, fetchProfiles, fetchUnread, reportUser, setBlocked, setFriend } from './social-api.ts';

// everything social on one socket (§4): who is online, invites both ways, chat and blocks. the
// server decides; this keeps what the screens show in step with its events

export interface Waiting {
  inviteId: string;
  partner: { _id: string; username: string };
  expiresAt: number;
}

export interface Notice {
  title: string;
  message: string;
}

interface Social {
  me: UserView;
  socket: AppSocket;
  online: OnlineUser[];
  received: InviteQueue;
  waiting: Waiting | null;
  notice: Notice | null;
  chatWith: { _id: string; username: string } | null;
  unread: Record<string, number>;
  blockCandidate: InviteView | null;
  invite(user: { _id: string; username: string }, settings: InviteSettings): Promise<void>;
  cancelInvite(): void;
  answer(answers: Answer[]): Promise<void>;
  openChat(user: { _id: string; username: string }): void;
  closeChat(): void;
  clearUnread(userId: string): void;
  dismissNotice(): void;
  toggleFriend(user: OnlineUser): Promise<void>;
  toggleBlock(user: { _id: string; username: string }, blocked: boolean): Promise<void>;
  askBlock(invite: InviteView | null): void;
  confirmBlock(block: boolean): Promise<void>;
}

const SocialContext = createContext<Social | null>(null);

export function useSocial(): Social | null {
  return useContext(SocialContext);
}

type Ack = { ok: true; [k: string]: unknown } | { ok: false; error: { code: string; message: string } };
const emit = (socket: AppSocket, event: string, payload: unknown) =>
  (socket.timeout(10_000) as unknown as { emitWithAck(e: string, p: unknown): Promise<Ack> }).emitWithAck(
    event,
    payload,
  );

/** in-game and idle flags kept as the spec's local storage maps (§3) */
function storeFlags(list: OnlineUser[]) {
  const inGame: Record<string, true> = {};
  const idle: Record<string, true> = {};
  for (const u of list) (u.inGame ? inGame : idle)[u._id] = true;
  localStorage.setItem('ingameusers', JSON.stringify(inGame));
  localStorage.setItem('idealUsers', JSON.stringify(idle));
}

export function SocialProvider({ me, children }: { me: UserView; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onGame = useRef(pathname === '/game');
  onGame.current = pathname === '/game';
  const [socket] = useState(() => acquireSocket());
  useEffect(() => () => releaseSocket(), []);

  // who is in presence-users; read by the list fetch on its 500 ms tick, so it is no state of its own
  const members = useRef(new Set<string>());
  const [online, setOnline] = useState<OnlineUser[]>([]);
  const [received, setReceived] = useState<InviteQueue>([]);
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [chatWith, setChatWith] = useState<{ _id: string; username: string } | null>(null);
  const [unread, setUnread] = useState<Record<string, number>>({});
  const [blockCandidate, setBlockCandidate] = useState<InviteView | null>(null);
  const waitingRef = useRef(waiting);
  waitingRef.current = waiting;
  const chatRef = useRef(chatWith);
  chatRef.current = chatWith;

  // the list follows presence events, at most every 500 ms (§4)
  const refresh = useRef<number | undefined>(undefined);
  const [listVersion, setListVersion] = useState(0);
  const scheduleList = useCallback(() => {
    window.clearTimeout(refresh.current);
    refresh.current = window.setTimeout(() => setListVersion((v) => v + 1), PRESENCE_DELAY_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(refresh.current), []);
  useEffect(() => {
    if (listVersion === 0) return;
    let stale = false;
    fetchProfiles([...members.current]).then(
      ({ onlineUsers }) => {
        if (stale) return;
        setOnline(onlineUsers);
        storeFlags(onlineUsers);
      },
      () => {},
    );
    return () => {
      stale = true;
    };
  }, [listVersion]);

  const refuseInGame = useCallback(
    (invite: InviteView) =>
      void emit(socket, 'invite-response', { inviteId: invite._id, response: false, type: 'ingame' }),
    [socket],
  );

  useEffect(() => {
    const join = async () => {
      const ack = (await emit(socket, 'subscribe', { channel: 'presence-users' }).catch(() => null)) as
        | (Ack & { members?: string[] })
        | null;
      if (ack?.ok && Array.isArray(ack.members)) {
        members.current = new Set(ack.members as string[]);
        scheduleList();
      }
      // invites that arrived while this tab was away, and unread chats
      fetchInvites().then(
        ({ received: pending }) => {
          if (onGame.current) pending.forEach(refuseInGame);
          else setReceived((q) => pending.reduce(addInvite, q));
        },
        () => {},
      );
      fetchUnread().then(
        ({ counts }) => setUnread(counts),
        () => {},
      );
    };
    if (socket.connected) void join();
    const onConnect = () => void join();
    const onAdded = ({ userId }: { userId: string }) => {
      members.current.add(userId);
      scheduleList();
    };
    const onLeft = ({ userId }: { userId: string }) => {
      members.current.delete(userId);
      scheduleList();
    };
    const onRemoved = ({ channel, userId }: { channel: string; userId: string }) => {
      if (channel === 'presence-users') onLeft({ userId });
    };
    const onInvite = (invite: InviteView) => {
      // an invite on /game is refused at once, with the reason (§2)
      if (onGame.current) return refuseInGame(invite);
      setReceived((q) => addInvite(q, invite));
      notifications.show({
        id: `invite-${invite._id}`,
        title: 'New invite!',
        message: `You have a new invite from ${inviteName(invite.name || invite.user.username)}`,
        autoClose: NOTIFICATION_MS,
        position: 'top-left',
      });
    };
    const onCancel = ({
      inviteId,
      reason,
      user,
    }: {
      inviteId: string;
      reason: string;
      user: { username: string };
    }) => {
      setReceived((q) => removeInvite(q, inviteId));
      if (reason === 'cancelled') {
        notifications.show({
          title: 'Invite cancelled',
          message: `${inviteName(user.username)} cancelled the invite.`,
          autoClose: NOTIFICATION_MS,
        });
      }
    };
    const onResponse = (r: {
      inviteId: string;
      response: boolean;
      type?: string;
      gameId?: string;
      user: { username: string };
    }) => {
      const w = waitingRef.current;
      if (!w || w.inviteId !== r.inviteId) return;
      setWaiting(null);
      if (r.response && r.gameId) {
        setCurrentGameId(r.gameId);
        navigate('/game');
        return;
      }
      const name = inviteName(w.partner.username);
      if (r.type === 'timeout') {
        setNotice({
          title: 'Invite timed out',
          message: 'No response to the invite so far. Try sending it again later.',
        });
      } else if (r.type === 'ingame') {
        setNotice({
          title: 'Player is in a game',
          message: `${name} is playing a game right now. Try them later.`,
        });
      } else {
        setNotice({ title: 'Invite declined', message: `${name} declined your invite.` });
      }
    };
    const onGameReady = ({ gameId }: { gameId: string }) => {
      setReceived([]);
      setCurrentGameId(gameId);
      navigate('/game');
    };
    const onMessage = (m: { from: { _id: string }; to: string }) => {
      if (m.from._id === me._id || chatRef.current?._id === m.from._id) return;
      setUnread((u) => ({ ...u, [m.from._id]: (u[m.from._id] ?? 0) + 1 }));
    };
    const onBlock = ({
      userId,
      username,
      blocked,
    }: {
      userId: string;
      username: string;
      blocked: boolean;
    }) => {
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
      scheduleList();
      if (blocked) {
        setReceived((q) => q.filter((i) => i.user._id !== userId));
        if (chatRef.current?._id === userId) {
          setChatWith(null);
          notifications.show({ color: 'red', title: 'Chat closed', message: `${username} blocked you` });
        }
      }
    };
    const onRoute = () => scheduleList();
    socket.on('connect', onConnect);
    socket.on('member-added', onAdded);
    socket.on('user-leave', onLeft);
    socket.on('member-removed', onRemoved);
    socket.on('route-update-ingame', onRoute);
    socket.on('route-update-idealgame', onRoute);
    socket.on('invite', onInvite);
    socket.on('invite-cancel', onCancel);
    socket.on('invite-response', onResponse);
    socket.on('invite-response-game', onGameReady);
    socket.on('message', onMessage);
    socket.on('block-user', onBlock);
    return () => {
      socket.off('connect', onConnect);
      socket.off('member-added', onAdded);
      socket.off('user-leave', onLeft);
      socket.off('member-removed', onRemoved);
      socket.off('route-update-ingame', onRoute);
      socket.off('route-update-idealgame', onRoute);
      socket.off('invite', onInvite);
      socket.off('invite-cancel', onCancel);
      socket.off('invite-response', onResponse);
      socket.off('invite-response-game', onGameReady);
      socket.off('message', onMessage);
      socket.off('block-user', onBlock);
    };
  }, [socket, me._id, navigate, scheduleList, refuseInGame]);

  // arriving on /game refuses what is still waiting
  useEffect(() => {
    if (pathname !== '/game' || received.length === 0) return;
    received.forEach(refuseInGame);
    setReceived([]);
  }, [pathname, received, refuseInGame]);

  const value = useMemo<Social>(
    () => ({
      me,
      socket,
      online,
      received,
      waiting,
      notice,
      chatWith,
      unread,
      blockCandidate,
      async invite(user, settings) {
        const ack = await emit(socket, 'invite', { to: user._id, settings }).catch(() => null);
        if (!ack) return notifyError(new Error('The invite could not be sent. Please try again.'));
        if (ack.ok) {
          setWaiting({ inviteId: String(ack.inviteId), partner: user, expiresAt: Number(ack.expiresAt) });
        } else if (ack.error.code === 'BUSY') {
          setNotice({ title: 'Player is Busy', message: 'Player is Busy. Please try them later.' });
        } else {
          notifyError(new Error(ack.error.message), 'Invite not sent');
        }
      },
      cancelInvite() {
        const w = waitingRef.current;
        setWaiting(null);
        if (w) void emit(socket, 'invite-cancel', { inviteId: w.inviteId }).catch(() => {});
      },
      async answer(answers) {
        const ids = new Set(answers.map((a) => a.inviteId));
        setReceived((q) => q.filter((i) => !ids.has(i._id)));
        for (const a of answers) {
          const ack = await emit(socket, 'invite-response', a).catch(() => null);
          if (a.response && ack && !ack.ok) notifyError(new Error(ack.error.message), 'Could not accept');
          if (a.response && ack?.ok && typeof ack.gameId === 'string') {
            setCurrentGameId(ack.gameId);
            navigate('/game');
          }
        }
      },
      openChat(user) {
        setChatWith(user);
        setUnread((u) => ({ ...u, [user._id]: 0 }));
      },
      closeChat: () => setChatWith(null),
      clearUnread: (userId) => setUnread((u) => ({ ...u, [userId]: 0 })),
      dismissNotice: () => setNotice(null),
      async toggleFriend(user) {
        await setFriend(me._id, user._id, !user.friend).catch(notifyError);
        scheduleList();
      },
      async toggleBlock(user, blocked) {
        try {
          await setBlocked(me._id, user._id, blocked);
          notifications.show(
            blocked
              ? {
                  color: 'red',
                  title: 'User blocked',
                  message: `${user.username} cannot invite you or chat with you.`,
                }
              : {
                  color: 'green',
                  title: 'User unblocked',
                  message: `${user.username} can invite you again.`,
                },
          );
          void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
          scheduleList();
        } catch (err) {
          notifyError(err);
        }
      },
      askBlock: setBlockCandidate,
      async confirmBlock(block) {
        const invite = blockCandidate;
        setBlockCandidate(null);
        if (!invite) return;
        setReceived((q) => removeInvite(q, invite._id));
        await emit(socket, 'invite-response', { inviteId: invite._id, response: false }).catch(() => null);
        if (!block) return;
        // 'Yes, Block' reports the user and declines (§4)
        await reportUser(me._id, invite.user._id, 'Blocked from an invite').catch(() => {});
        await value.toggleBlock(invite.user, true);
      },
    }),
    [me, socket, online, received, waiting, notice, chatWith, unread, blockCandidate, navigate, scheduleList],
  );
  return <SocialContext.Provider value={value}>{children}</SocialContext.Provider>;
}
