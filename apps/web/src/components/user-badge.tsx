import { Group, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { UserView } from '@sayspell/core/protocol/auth';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';

// the avatar (mantine's Avatar, 2.2 KB gzip) comes after the first paint, into a circle of its size
// (issue 22): the name shows with the header, nothing moves when the picture or the initials come
const UserAvatar = lazy(async () => ({ default: (await import('./user-avatar.tsx')).UserAvatar }));
const AVATAR_PX = 34;

/** avatar (picture or initials) and username; registered users open /myavatar from here (§2) */
export function UserBadge({ user }: { user: UserView }) {
  const isGuest = user.role === 'guest';
  const content = (
    <Group gap={8} wrap="nowrap">
      <Suspense fallback={<Skeleton h={AVATAR_PX} w={AVATAR_PX} circle style={{ flexShrink: 0 }} />}>
        <UserAvatar picture={user.picture} username={user.username} size={AVATAR_PX} />
      </Suspense>
      <div style={{ minWidth: 0 }}>
        <Text fw={700} fz="sm" lh={1.2} truncate className="badge-name">
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
