import { Group, Text, UnstyledButton } from '@mantine/core';
import type { UserView } from '@sayspell/core/protocol/auth';
import { Link } from 'react-router';
import { UserAvatar } from './user-avatar.tsx';

/** avatar (picture or initials) and username; registered users open /myavatar from here (§2) */
export function UserBadge({ user }: { user: UserView }) {
  const isGuest = user.role === 'guest';
  const content = (
    <Group gap={8} wrap="nowrap">
      <UserAvatar picture={user.picture} username={user.username} size={34} />
      <div style={{ minWidth: 0 }}>
        <Text fw={700} fz="sm" lh={1.2} truncate maw={{ base: 110, sm: 200 }}>
          {user.username}
        </Text>
        {isGuest && (
          <Text fz="xs" c="dimmed" lh={1.2}>
            Guest
          </Text>
        )}
      </div>
    </Group>
  );
  if (isGuest) return content;
  return (
    <UnstyledButton component={Link} to="/myavatar" aria-label={`${user.username}: change avatar`}>
      {content}
    </UnstyledButton>
  );
}
