import { Box, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { profileQuery } from '../../api/auth.ts';
import { DeleteAccount } from './delete-account.tsx';
import { EmailForm } from './email-form.tsx';
import { NamesForm } from './names-form.tsx';
import { PasswordForm } from './password-form.tsx';
import { ProfileDetails } from './profile-details.tsx';

/** /profile: Account Details (§2) */
export function ProfilePage() {
  const profile = useQuery(profileQuery);
  const user = profile.data;
  return (
    <Box maw={720} mx="auto">
      <Title order={1} mb="lg">
        Account details
      </Title>
      {!user ? (
        <Loader type="dots" />
      ) : (
        <Stack gap="lg">
          <ProfileDetails user={user} />
          {user.role !== 'guest' && <NamesForm key={`${user.username}|${user.name}`} user={user} />}
          {user.role !== 'guest' && user.hasPassword && user.email && <EmailForm />}
          {user.role !== 'guest' && (user.hasPassword ?? user.provider === 'local') && <PasswordForm />}
          {user.role !== 'guest' && <DeleteAccount user={user} />}
        </Stack>
      )}
    </Box>
  );
}
