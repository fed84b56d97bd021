import { ActionIcon, Badge, Card, Group, Indicator, Menu, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { InviteSettings, OnlineUser } from '@sayspell/core/protocol/social';
import { useState } from 'react';
import { LineIcon } from '../components/line-icon.tsx';
import { UserAvatar } from '../components/user-avatar.tsx';
import { ICONS } from './icons.ts';
import { InviteModal } from './invite-modal.tsx';
import { ReportUserModal } from './report-user.tsx';
import { useSocial } from './social-provider.tsx';

// players online now (§2 users online): friends first, then by name (the server sorts), in a game
// or idle; blocked and blocking players greyed out and out of reach

export function OnlineUsers() {
  const social = useSocial();
  const [inviting, setInviting] = useState<OnlineUser | null>(null);
  const [reporting, setReporting] = useState<OnlineUser | null>(null);
  if (!social) return null;
  const { online, unread } = social;
  return (
    <Card radius="lg" p="lg" withBorder aria-labelledby="online-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id="online-title">
          Players online
        </Title>
        <Badge variant="light" color="grape" aria-label={`${online.length} players online`}>
          {online.length}
        </Badge>
      </Group>
      {online.length === 0 ? (
        <Text c="dimmed" fz="sm">
          Nobody else is online right now. Invite a friend to play, or start a game on your own.
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {online.map((u) => {
            const apart = u.blocked || u.blockedMe;
            const status = apart ? (u.blocked ? 'Blocked' : 'Unavailable') : u.inGame ? 'In a game' : 'Idle';
            return (
              <Group
                key={u._id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                px="xs"
                py={6}
                data-testid="online-user"
                data-username={u.username}
                style={{
                  borderRadius: 12,
                  opacity: apart ? 0.45 : 1,
                  background: 'var(--mantine-color-gray-0)',
                }}
              >
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <UserAvatar picture={u.picture} username={u.username} size={36} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={700} fz="sm" truncate>
                      {u.username}
                      {u.role === 'guest' && (
                        <Text span c="dimmed" fz="xs" fw={500}>
                          {' '}
                          (guest)
                        </Text>
                      )}
                    </Text>
                    <Text fz="xs" c={u.inGame && !apart ? 'orange.8' : 'dimmed'}>
                      {status}
                    </Text>
                  </Stack>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={u.friend ? 'Remove from friends' : 'Add to friends'}>
                    <ActionIcon
                      variant="subtle"
                      color={u.friend ? 'red' : 'gray'}
                      aria-label={
                        u.friend ? `Remove ${u.username} from friends` : `Add ${u.username} to friends`
                      }
                      aria-pressed={u.friend}
                      onClick={() => void social.toggleFriend(u)}
                    >
                      <span style={{ display: 'inline-flex', fill: u.friend ? 'currentColor' : 'none' }}>
                        <LineIcon d={ICONS.heart} size={18} />
                      </span>
                    </ActionIcon>
                  </Tooltip>
                  <Indicator disabled={!unread[u._id]} label={unread[u._id]} size={16} color="red" offset={4}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Chat with ${u.username}${unread[u._id] ? ` (${unread[u._id]} unread)` : ''}`}
                      disabled={apart}
                      onClick={() => social.openChat(u)}
                    >
                      <LineIcon d={ICONS.chat} size={18} />
                    </ActionIcon>
                  </Indicator>
                  <ActionIcon
                    variant="light"
                    aria-label={`Invite ${u.username}`}
                    disabled={apart || u.inGame}
                    onClick={() => setInviting(u)}
                  >
                    <LineIcon d={ICONS.invite} size={18} />
                  </ActionIcon>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" aria-label={`More for ${u.username}`}>
                        <LineIcon d={ICONS.more} size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        color={u.blocked ? undefined : 'red'}
                        onClick={() => void social.toggleBlock(u, !u.blocked)}
                      >
                        {u.blocked ? 'Unblock' : 'Block'}
                      </Menu.Item>
                      <Menu.Item onClick={() => setReporting(u)}>Report</Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
      {reporting && (
        <ReportUserModal me={social.me._id} user={reporting} onClose={() => setReporting(null)} />
      )}
      {inviting && (
        <InviteModal
          user={inviting}
          onClose={() => setInviting(null)}
          onSend={(settings: InviteSettings) => {
            setInviting(null);
            void social.invite(inviting, settings);
          }}
        />
      )}
    </Card>
  );
}
