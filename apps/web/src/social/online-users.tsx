import { Badge, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { InviteSettings, OnlineUser, Person } from '@sayspell/core/protocol/social';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useEulaGate } from './eula-gate.tsx';
import { type Listed, type PlayerActions, PlayerRow } from './player-row.tsx';
import { useBlocking, useChats, useInvites, usePresence, useSocial } from './social-contexts.tsx';
import { preloadSocialPopups } from './social-layer.tsx';
import { usePeople } from './use-people.ts';

// the invite's and the report's forms are modals (a select, a text area, mantine's modal): their
// code loads when one is opened, not with the list on every home page (issue 22)
const InviteModal = lazy(async () => ({ default: (await import('./invite-modal.tsx')).InviteModal }));
const ReportUserModal = lazy(async () => ({ default: (await import('./report-user.tsx')).ReportUserModal }));

// the players card (§2 users online, issue 15 item 5): who is online now (friends first, then by
// name, in a game or idle), and below them the unread chats of players who left; my friends,
// offline ones too; and the players I blocked, each with Unblock. blocked and blocking players are
// greyed out and out of reach

type View = 'online' | 'friends' | 'blocked';

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

function List({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Stack gap={6} component="ul" style={listStyle} aria-label={label}>
      {children}
    </Stack>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" fz="sm" py="xs">
      {children}
    </Text>
  );
}

export function OnlineUsers() {
  const social = useSocial();
  const presence = usePresence();
  const chats = useChats();
  const invites = useInvites();
  const blocking = useBlocking();
  const people = usePeople();
  const [view, setView] = useState<View>('online');
  const [inviting, setInviting] = useState<OnlineUser | null>(null);
  const [reporting, setReporting] = useState<OnlineUser | null>(null);
  const eula = useEulaGate(social?.me);
  if (!social || !presence || !chats || !invites || !blocking) return null;
  const { online } = presence;
  const { unread } = chats;
  const onlineIds = new Set(online.map((u) => u._id));
  // the chat store's counts are the live ones (a message just in, a chat just opened)
  const unreadOf = (p: { _id: string; unread?: number }) => unread[p._id] ?? p.unread ?? 0;
  const waiting = (people?.unread ?? []).filter((p) => !onlineIds.has(p._id) && unreadOf(p) > 0);
  const friends = people?.friends ?? [];
  const blocked = people?.blocked ?? [];

  const actions: PlayerActions = {
    chat: (u) => eula.gate(() => chats.openChat(u)),
    invite: (u) =>
      eula.gate(() => {
        preloadSocialPopups();
        setInviting(u);
      }),
    toggleFriend: (u) => void presence.toggleFriend(u),
    toggleBlock: (u, block) => void blocking.toggleBlock(u, block),
    report: setReporting,
  };
  const row = (u: Listed, testId: string, variant?: 'blocked') => (
    <PlayerRow
      key={u._id}
      user={u}
      unread={unreadOf(u)}
      actions={actions}
      testId={testId}
      variant={variant}
    />
  );
  const count = (n: number, what: string) => (
    <Group gap={6} wrap="nowrap" justify="center">
      <span>{what}</span>
      <Badge size="xs" circle={n < 10} variant="light" color="gray" aria-hidden>
        {n}
      </Badge>
    </Group>
  );

  return (
    <Card radius="lg" p="lg" withBorder aria-labelledby="online-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id="online-title">
          Players
        </Title>
        <Badge variant="light" color="grape" aria-label={`${online.length} players online`}>
          {online.length} online
        </Badge>
      </Group>
      <SegmentedControl
        fullWidth
        className="players-tabs"
        radius="md"
        mb="md"
        value={view}
        onChange={(v) => setView(v as View)}
        aria-label="Which players"
        data={[
          { value: 'online', label: count(online.length, 'Online') },
          { value: 'friends', label: count(friends.length, 'Friends') },
          { value: 'blocked', label: count(blocked.length, 'Blocked') },
        ]}
      />

      {view === 'online' && (
        <Stack gap="md">
          {online.length === 0 ? (
            <Empty>
              Nobody else is online right now. Invite a friend to play, or start a game on your own.
            </Empty>
          ) : (
            <List label="Players online">{online.map((u) => row(u, 'online-user'))}</List>
          )}
          {waiting.length > 0 && (
            <Stack gap={6}>
              <Text fz="xs" fw={800} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.08em' }}>
                Unread from players who left
              </Text>
              <List label="Unread from players who left">
                {waiting.map((p: Person) => row(p, 'unread-user'))}
              </List>
            </Stack>
          )}
        </Stack>
      )}

      {view === 'friends' &&
        (people === undefined ? (
          <Empty>Loading your friends…</Empty>
        ) : friends.length === 0 ? (
          <Empty>No friends yet. Tap the heart next to a player to add them here.</Empty>
        ) : (
          <List label="Friends">{friends.map((p) => row(p, 'friend'))}</List>
        ))}

      {view === 'blocked' &&
        (people === undefined ? (
          <Empty>Loading…</Empty>
        ) : blocked.length === 0 ? (
          <Empty>You have not blocked anyone.</Empty>
        ) : (
          <Stack gap="xs">
            <Text c="dimmed" fz="xs">
              They cannot invite you or chat with you. Unblock someone to let them again.
            </Text>
            <List label="Blocked players">{blocked.map((p) => row(p, 'blocked-user', 'blocked'))}</List>
          </Stack>
        ))}

      {eula.popup}
      <Suspense fallback={null}>
        {reporting && (
          <ReportUserModal me={social.me._id} user={reporting} onClose={() => setReporting(null)} />
        )}
        {inviting && (
          <InviteModal
            user={inviting}
            onClose={() => setInviting(null)}
            onSend={(settings: InviteSettings) => {
              setInviting(null);
              void invites.invite(inviting, settings);
            }}
          />
        )}
      </Suspense>
    </Card>
  );
}
