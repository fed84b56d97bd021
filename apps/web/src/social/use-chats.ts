import { notifications } from '@mantine/notifications';
import { useMemo, useRef, useState } from 'react';
import type { AppSocket } from '../realtime/socket.ts';
import { useOnConnect, useSocketEvents } from '../realtime/use-socket-events.ts';
import { fetchUnread } from './social-api.ts';

// the chat that is open and the unread counts of the others (§4): a message to a closed chat
// counts, opening it clears the count, a block closes it

export interface ChatPartner {
  _id: string;
  username: string;
}

export interface Chats {
  chatWith: ChatPartner | null;
  unread: Record<string, number>;
  openChat(user: ChatPartner): void;
  closeChat(): void;
  clearUnread(userId: string): void;
}

export function useChatsStore(socket: AppSocket, meId: string): Chats {
  const [chatWith, setChatWith] = useState<ChatPartner | null>(null);
  const [unread, setUnread] = useState<Record<string, number>>({});
  const open = useRef(chatWith);
  open.current = chatWith;

  useOnConnect(socket, () => {
    fetchUnread().then(
      ({ counts }) => setUnread(counts),
      () => {},
    );
  });

  useSocketEvents(socket, {
    message: ({ from }) => {
      if (from._id === meId || open.current?._id === from._id) return;
      setUnread((u) => ({ ...u, [from._id]: (u[from._id] ?? 0) + 1 }));
    },
    'block-user': ({ userId, username, blocked }) => {
      if (!blocked || open.current?._id !== userId) return;
      setChatWith(null);
      notifications.show({ color: 'red', title: 'Chat closed', message: `${username} blocked you` });
    },
  });

  const actions = useRef({
    openChat(user: ChatPartner) {
      setChatWith(user);
      setUnread((u) => ({ ...u, [user._id]: 0 }));
    },
    closeChat: () => setChatWith(null),
    clearUnread: (userId: string) => setUnread((u) => ({ ...u, [userId]: 0 })),
  }).current;

  return useMemo(() => ({ chatWith, unread, ...actions }), [chatWith, unread, actions]);
}
