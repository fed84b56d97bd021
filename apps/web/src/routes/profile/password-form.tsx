import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { changePasswordSchema, PASSWORD_MIN } from '@sayspell/core/protocol/account';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { changePassword } from '../../api/accounts.ts';
import { ApiRequestError } from '../../api/api-error.ts';
import { fieldErrors } from '../../components/field-errors.ts';

/** local accounts only: a new password signs out every other device */
export function PasswordForm() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => changePassword(currentPassword, newPassword),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setErrors({});
      notifications.show({
        color: 'teal',
        title: 'Password changed',
        message: 'Other devices were signed out.',
      });
    },
    onError: (err) =>
      setErrors(
        err instanceof ApiRequestError && err.code === 'WRONG_PASSWORD'
          ? { currentPassword: err.message }
          : { newPassword: err.message },
      ),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = fieldErrors(changePasswordSchema, { currentPassword, newPassword });
    if (found.currentPassword) found.currentPassword = 'Enter your current password.';
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  }

  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <form onSubmit={submit} aria-label="Change password" noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="h3">
              Password
            </Title>
            <Text c="dimmed" fz="sm">
              Changing it signs you out everywhere else.
            </Text>
          </Stack>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            size="md"
            value={currentPassword}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={errors.currentPassword}
          />
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN} characters.`}
            autoComplete="new-password"
            size="md"
            value={newPassword}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={errors.newPassword}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
