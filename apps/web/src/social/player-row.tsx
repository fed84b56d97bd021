import { ActionIcon, Button, Group, Indicator, Menu, Stack, Text, Tooltip } from '@mantine/core';
import type { OnlineUser } from '@sayspell/core/protocol/social';
import { LineIcon } from '../components/line-icon.tsx';
import { UserAvatar } from '../components/user-avatar.tsx';
import { ICONS } from './icons.ts';

// one player on the online, friends, blocked or messages lists: who, how they are, and what can be
// done with them. players out of reach (a block either way) are greyed out; an offline player can
// be chatted with (they read it when back), not invited; a guest says so under the name

export type Listed = OnlineUser & { online?: boolean };

/** the line under the name */
export function statusOf(u: Listed): { text: string; color: string } {
  // on the row's gray-0 background every status keeps a 4.5:1 contrast (the dot beside the name
  // carries the colour): dimmed, orange.8 and teal.8 did not
  if (u.blocked) return { text: u.online === false ? 'Blocked · offline' : 'Blocked', color: 'gray.7' };
  if (u.blockedMe) return { text: 'Unavailable', color: 'gray.7' };
  if (u.online === false) return { text: 'Offline', color: 'gray.7' };
  if (u.inGame) return { text: 'In a game', color: 'gray.8' };
  return { text: 'Idle', color: 'teal.9' };
}

export interface PlayerActions {
  chat(u: Listed): void;
  invite(u: Listed): void;
  toggleFriend(u: Listed): void;
  toggleBlock(u: Listed, block: boolean): void;
  report(u: Listed): void;
}

export function PlayerRow({
  user: u,
  unread,
  actions,
  testId,
  variant = 'full',
}: {
  user: Listed;
  unread: number;
  actions: PlayerActions;
  testId: string;
  /** blocked: the list of blocked players, with Unblock as a button of its own */
  variant?: 'full' | 'blocked';
}) {
  const apart = u.blocked || u.blockedMe;
  const offline = u.online === false;
  const status = statusOf(u);
  const more = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`More for ${u.username}`}>
          <LineIcon d={ICONS.more} size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item color={u.blocked ? undefined : 'red'} onClick={() => actions.toggleBlock(u, !u.blocked)}>
          {u.blocked ? 'Unblock' : 'Block'}
        </Menu.Item>
        <Menu.Item onClick={() => actions.report(u)}>Report</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      px="xs"
      py={6}
      data-testid={testId}
      data-username={u.username}
      style={{ borderRadius: 12, background: 'var(--mantine-color-gray-0)' }}
    >
      <Group
        gap="sm"
        wrap="nowrap"
        style={{ minWidth: 0, opacity: apart && variant === 'full' ? 0.5 : 1 }}
        aria-disabled={apart || undefined}
      >
        <Indicator
          disabled={u.online === undefined}
          position="bottom-end"
          offset={5}
          size={10}
          withBorder
          color={offline ? 'gray.5' : u.inGame ? 'orange' : 'teal'}
        >
          <UserAvatar
            picture={u.picture}
            username={u.username}
            size={36}
            style={{ filter: offline ? 'grayscale(1)' : undefined }}
          />
        </Indicator>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} fz="sm" truncate>
            {u.username}
          </Text>
          <Text fz="xs" c={status.color} truncate>
            {u.role === 'guest' && !offline ? `Guest · ${status.text}` : status.text}
            {unread > 0 && variant === 'full' && (
              <Text span fz="xs" c="red.8" fw={700}>
                {` · ${unread} unread`}
              </Text>
            )}
          </Text>
        </Stack>
      </Group>
      {variant === 'blocked' ? (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            color="teal"
            aria-label={`Unblock ${u.username}`}
            onClick={() => actions.toggleBlock(u, false)}
          >
            Unblock
          </Button>
          {more}
        </Group>
      ) : (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={u.friend ? 'Remove from friends' : 'Add to friends'}>
            <ActionIcon
              variant="subtle"
              color={u.friend ? 'red' : 'gray'}
              aria-label={u.friend ? `Remove ${u.username} from friends` : `Add ${u.username} to friends`}
              aria-pressed={u.friend}
              onClick={() => actions.toggleFriend(u)}
            >
              <span style={{ display: 'inline-flex', fill: u.friend ? 'currentColor' : 'none' }}>
                <LineIcon d={ICONS.heart} size={18} />
              </span>
            </ActionIcon>
          </Tooltip>
          <Indicator disabled={!unread} label={unread} size={16} color="red" offset={4}>
            <ActionIcon
              variant="subtle"
              aria-label={`Chat with ${u.username}${unread ? ` (${unread} unread)` : ''}`}
              disabled={apart}
              onClick={() => actions.chat(u)}
            >
              <LineIcon d={ICONS.chat} size={18} />
            </ActionIcon>
          </Indicator>
          {/* an offline player cannot be invited: the button goes, the status says why */}
          {!offline && (
            <ActionIcon
              variant="light"
              aria-label={`Invite ${u.username}`}
              disabled={apart || u.inGame}
              onClick={() => actions.invite(u)}
            >
              <LineIcon d={ICONS.invite} size={18} />
            </ActionIcon>
          )}
          {more}
        </Group>
      )}
    </Group>
  );
}
