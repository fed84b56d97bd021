import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import type { UserView } from '@sayspell/core/protocol/auth';
import { Link } from 'react-router';

/** avatar (picture or initials) and username; registered users open /myavatar from here (§2) */
export function UserBadge({ user }: { user: UserView }) {
  const isGuest = user.role === 'guest';
  const content = (
    <Group gap={8} wrap="nowrap">
      <Avatar
        src={user.picture ? `/v1/avatar/${user.picture}` : null}
        name={user.username}
        color="initials"
        radius="xl"
        size={34}
        alt=""
      />
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
