import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UserView } from '@sayspell/core/protocol/auth';
import { Link } from 'react-router';
import { formatDate } from '../../components/format-date.ts';
import { UserAvatar } from '../../components/user-avatar.tsx';

const SIGN_IN_LABELS: Record<NonNullable<UserView['provider']>, string> = {
  guest: 'Guest',
  local: 'E-mail and password',
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group
      justify="space-between"
      gap="xs"
      wrap="nowrap"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Text c="dimmed" fz="sm">
        {label}
      </Text>
      <Text fw={600} fz="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** who this account is: picture, names, e-mail, sign-in method, since when */
export function ProfileDetails({ user }: { user: UserView }) {
  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Group gap="lg" wrap="nowrap">
          <UserAvatar picture={user.picture} username={user.username} size={76} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
              {user.name || user.username}
            </Title>
            <Group gap={6}>
              <Text c="dimmed" fz="sm">
                @{user.username}
              </Text>
              {user.role === 'admin' && (
                <Badge size="sm" variant="light">
                  Admin
                </Badge>
              )}
            </Group>
            <Button component={Link} to="/myavatar" variant="light" size="xs" w="fit-content" mt={4}>
              Change avatar
            </Button>
          </Stack>
        </Group>
        <Stack gap={0}>
          <Row label="E-mail">{user.email ?? '—'}</Row>
          <Row label="Signs in with">{user.provider ? SIGN_IN_LABELS[user.provider] : '—'}</Row>
          {user.createdAt && <Row label="Member since">{formatDate(Date.parse(user.createdAt))}</Row>}
        </Stack>
      </Stack>
    </Card>
  );
}
