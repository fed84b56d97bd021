import { Anchor, Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { signOut } from '../../api/auth.ts';
import { useSignedIn } from '../../auth/use-signed-in.ts';

export const SUPPORT_EMAIL = 'support@sayspell.app';

/** /adminRemoved: an administrator removed this account (§2) */
export function AdminRemovedPage() {
  const signedIn = useSignedIn();
  const leave = useMutation({
    mutationFn: signOut,
    onSuccess: () => window.location.assign('/login'),
  });
  return (
    <Center pt={{ base: 0, sm: 32 }}>
      <Card w="100%" maw={520} p={{ base: 'lg', sm: 36 }} shadow="md">
        <Stack gap="md" ta="center" align="center">
          <Title order={1} fz="h2">
            This account was removed
          </Title>
          <Text>
            An administrator removed this account, so it can no longer sign in or play. If you think this is a
            mistake, write to{' '}
            <Anchor
              href={`mailto:${SUPPORT_EMAIL}?subject=My%20SaySpell%20account%20was%20removed`}
              fw={700}
              inherit
            >
              {SUPPORT_EMAIL}
            </Anchor>
            .
          </Text>
          {signedIn ? (
            <Button onClick={() => leave.mutate()} loading={leave.isPending}>
              Sign out
            </Button>
          ) : (
            <Button component="a" href="/login" variant="light">
              Back to sign-in
            </Button>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
