import { Avatar, Box, Card, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { AVATARS, type Avatar as AvatarName } from '@sayspell/core/protocol/account';
import { useMutation, useQuery } from '@tanstack/react-query';
import { avatarUrl, setAvatar } from '../../api/accounts.ts';
import { profileQuery } from '../../api/auth.ts';
import { notifyError } from '../../api/notify-error.ts';
import { RegisteredOnly } from '../../components/registered-only.tsx';
import classes from './avatar-page.module.css';

const NAMES = ['Fox', 'Cat', 'Panda', 'Owl', 'Bear', 'Rabbit', 'Frog'];

/** /myavatar: one of avatar1.png … avatar7.png, or the username's initials (§3 Avatar) */
export function AvatarPage() {
  const profile = useQuery(profileQuery);
  const choose = useMutation({
    mutationFn: (picture: AvatarName | null) => setAvatar(picture),
    onError: (err) => notifyError(err, 'Could not change your avatar'),
  });
  const user = profile.data;
  if (!user) return null;
  if (user.role === 'guest') return <RegisteredOnly what="choose an avatar" />;
  const current = choose.isPending ? choose.variables : user.picture;

  const tiles: { value: AvatarName | null; label: string }[] = [
    ...AVATARS.map((a, i) => ({ value: a, label: NAMES[i] ?? a })),
    { value: null, label: 'Initials' },
  ];

  return (
    <Box maw={760} mx="auto">
      <Stack gap={4} mb="lg">
        <Title order={1}>Your avatar</Title>
        <Text c="dimmed">Pick a face for the leaderboard and your partners, or keep your initials.</Text>
      </Stack>
      <Card p={{ base: 'md', sm: 'xl' }}>
        <SimpleGrid
          cols={{ base: 2, xs: 4 }}
          spacing={{ base: 'sm', sm: 'lg' }}
          role="radiogroup"
          aria-label="Avatar"
        >
          {tiles.map((t) => {
            const selected = (current ?? null) === t.value;
            return (
              <UnstyledButton
                key={t.label}
                role="radio"
                aria-checked={selected}
                aria-label={t.label}
                className={classes.tile}
                data-selected={selected || undefined}
                onClick={() => !selected && choose.mutate(t.value)}
              >
                <Avatar
                  src={avatarUrl(t.value)}
                  name={user.username}
                  color="initials"
                  radius="50%"
                  size={96}
                  alt=""
                  mx="auto"
                />
                <Text ta="center" fw={700} fz="sm" mt={8}>
                  {t.label}
                </Text>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </Card>
    </Box>
  );
}
