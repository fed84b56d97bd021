import { Button, Card, Group, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { UserView } from '@sayspell/core/protocol/auth';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteAccount } from '../../api/accounts.ts';
import { signOut } from '../../api/auth.ts';
import { leavingSession } from '../../auth/session-expired.ts';
import { disconnectSocket } from '../../auth/sign-up.ts';

/** deletes the account after a confirmation: the password for local accounts, the word DELETE otherwise */
export function DeleteAccount({ user }: { user: UserView }) {
  const navigate = useNavigate();
  const [opened, modal] = useDisclosure(false);
  const [proof, setProof] = useState('');
  const withPassword = user.hasPassword ?? user.provider === 'local';
  const remove = useMutation({
    // the deletion revokes the session: requests still in flight then fail, and must not send the
    // page to the sign-in form before the notice below is shown (leavingSession)
    mutationFn: () =>
      leavingSession(async () => {
        await deleteAccount(withPassword ? { password: proof } : { confirm: 'DELETE' });
        await disconnectSocket();
        await signOut();
        notifications.show({ title: 'Account deleted', message: 'Your personal data was removed. Goodbye!' });
        await navigate('/login', { replace: true });
      }),
  });
  const ready = withPassword ? proof.length > 0 : proof === 'DELETE';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (ready) remove.mutate();
  }

  return (
    <Card p={{ base: 'lg', sm: 'xl' }} style={{ borderColor: 'var(--mantine-color-red-2)' }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h3" c="red.8">
            Delete account
          </Title>
          <Text c="dimmed" fz="sm">
            Your name, e-mail, avatar and settings are removed. Games you played stay in your partners'
            history without your name.
          </Text>
        </Stack>
        <Group justify="flex-end">
          <Button color="red" variant="light" onClick={modal.open}>
            Delete my account
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={opened}
        onClose={modal.close}
        title={<Text fw={800}>Delete your account?</Text>}
        centered
      >
        <form onSubmit={submit} aria-label="Confirm deletion">
          <Stack gap="md">
            <Text fz="sm">This cannot be undone.</Text>
            {withPassword ? (
              <PasswordInput
                label="Your password"
                autoComplete="current-password"
                value={proof}
                onChange={(e) => setProof(e.currentTarget.value)}
                data-autofocus
              />
            ) : (
              <TextInput
                label="Type DELETE to confirm"
                value={proof}
                onChange={(e) => setProof(e.currentTarget.value)}
                data-autofocus
              />
            )}
            {remove.error && (
              <Text c="red" fz="sm" role="alert">
                {remove.error.message}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={modal.close}>
                Keep my account
              </Button>
              <Button type="submit" color="red" disabled={!ready} loading={remove.isPending}>
                Delete forever
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
