import {
  ActionIcon,
  Box,
  Button,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TYPING_IDLE_MS } from '@sayspell/core/constants';
import type { ChatMessage } from '@sayspell/core/protocol/social';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../api/api-error.ts';
import { notifyError } from '../api/notify-error.ts';
import { LineIcon } from '../components/line-icon.tsx';
import { useSocketEvents } from '../realtime/use-socket-events.ts';
import { ICONS } from './icons.ts';
import { fetchChat, flagContent, markRead, sendChat } from './social-api.ts';
import { useChats, useSocial } from './social-contexts.tsx';

// a chat with one player (§4): history on open, unread cleared, typing status, Enter sends,
// empty messages never leave, a block closes it

export function ChatPopup() {
  const social = useSocial();
  const chats = useChats();
  const partner = chats?.chatWith;
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [theyType, setTheyType] = useState(false);
  const typing = useRef(false);
  const idle = useRef<number | undefined>(undefined);
  const viewport = useRef<HTMLDivElement>(null);
  const me = social?.me;
  const socket = social?.socket;

  useEffect(() => {
    if (!partner || !me) return;
    let stale = false;
    setMessages([]);
    fetchChat(me._id, partner._id).then(
      // what was sent or came while the history was on its way stays, after it (an e2e run sent
      // a message before a slow history answer, which then wiped it from the window)
      ({ messages: history }) => {
        if (stale) return;
        const had = new Set(history.map((m) => m._id));
        setMessages((since) => [...history, ...since.filter((m) => !had.has(m._id))]);
      },
      (err) => notifyError(err, 'Could not load the chat'),
    );
    void markRead(partner._id).catch(() => {});
    return () => {
      stale = true;
    };
  }, [partner, me]);

  // only while a chat is open
  useSocketEvents(partner ? (socket ?? null) : null, {
    message: (m) => {
      if (!partner || !me) return;
      const ours =
        (m.from._id === partner._id && m.to === me._id) || (m.from._id === me._id && m.to === partner._id);
      if (!ours) return;
      setMessages((list) => (list.some((x) => x._id === m._id) ? list : [...list, m]));
      if (m.from._id === partner._id) {
        setTheyType(false);
        void markRead(partner._id).catch(() => {});
      }
    },
    typing: (t) => {
      if (t.from === partner?._id) setTheyType(t.typing);
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll down whenever a message or the typing line appears
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [messages, theyType]);

  if (!chats || !partner || !me || !socket) return null;

  const setTyping = (value: boolean) => {
    if (typing.current === value) return;
    typing.current = value;
    socket.emit('typing', { to: partner._id, typing: value }, () => {});
  };
  // true on the first key; false after 1 s without a key (§4)
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void send();
      return;
    }
    setTyping(true);
  };
  const onKeyUp = () => {
    window.clearTimeout(idle.current);
    idle.current = window.setTimeout(() => setTyping(false), TYPING_IDLE_MS);
  };

  async function send() {
    const message = text.trim();
    if (!message || !me || !partner) return;
    setText('');
    window.clearTimeout(idle.current);
    setTyping(false);
    try {
      const sent = await sendChat(me._id, partner._id, message);
      setMessages((list) => (list.some((x) => x._id === sent._id) ? list : [...list, sent]));
    } catch (err) {
      if (err instanceof ApiRequestError && err.code === 'BLOCKED') {
        chats?.closeChat();
        notifications.show({ color: 'red', title: 'Chat closed', message: err.message });
        return;
      }
      setText(message);
      notifyError(err, 'Message not sent');
    }
  }

  const close = () => {
    window.clearTimeout(idle.current);
    setTyping(false);
    chats.closeChat();
  };

  return (
    <Modal opened onClose={close} title={`Chat with ${partner.username}`} centered radius="lg" size="md">
      <Stack gap="sm">
        <ScrollArea h={320} viewportRef={viewport} type="auto" aria-label="Messages">
          <Stack gap={6} p={4} aria-live="polite">
            {messages.length === 0 && (
              <Text c="dimmed" fz="sm" ta="center" mt="xl">
                No messages yet. Say hello!
              </Text>
            )}
            {messages.map((m) => {
              const mine = m.from._id === me._id;
              return (
                <Group
                  key={m._id}
                  justify={mine ? 'flex-end' : 'flex-start'}
                  gap={4}
                  wrap="nowrap"
                  data-testid="chat-message"
                >
                  {!mine && (
                    <Tooltip label="Flag this message">
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="gray"
                        aria-label="Flag this message"
                        onClick={() =>
                          void flagContent(me._id, m.message).then(
                            () =>
                              notifications.show({
                                title: 'Flagged',
                                message: 'A moderator will look at it within 24 hours.',
                              }),
                            notifyError,
                          )
                        }
                      >
                        <LineIcon d={ICONS.flag} size={14} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Box
                    px="sm"
                    py={6}
                    maw="80%"
                    style={{
                      borderRadius: 14,
                      background: mine ? 'var(--mantine-color-indigo-6)' : 'var(--mantine-color-gray-1)',
                      color: mine ? 'white' : 'inherit',
                      wordBreak: 'break-word',
                    }}
                  >
                    <Text fz="sm">{m.message}</Text>
                  </Box>
                </Group>
              );
            })}
            {theyType && (
              <Text fz="xs" c="dimmed" fs="italic" data-testid="typing">
                {partner.username} is typing…
              </Text>
            )}
          </Stack>
        </ScrollArea>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            placeholder="Write a message"
            aria-label="Message"
            value={text}
            maxLength={500}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={onKeyDown}
            onKeyUp={onKeyUp}
            data-autofocus
          />
          <Button onClick={() => void send()} disabled={!text.trim()}>
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
