import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { signUpFromGuest } from '../auth/sign-up.ts';

/** what a guest sees on a page only registered players have (§6: no profile or avatar editing) */
export function RegisteredOnly({ what }: { what: string }) {
  const navigate = useNavigate();
  const signUp = useMutation({ mutationFn: () => signUpFromGuest(navigate) });
  return (
    <Card maw={520} mx="auto" p="xl">
      <Stack gap="md" align="center" ta="center">
        <Title order={2} fz="h3">
          Sign up to {what}
        </Title>
        <Text c="dimmed">Guests play without an account. Create one and your games come with you.</Text>
        <Button loading={signUp.isPending} onClick={() => signUp.mutate()}>
          Sign-up
        </Button>
      </Stack>
    </Card>
  );
}
