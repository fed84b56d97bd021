import { Alert, Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { changeEmailSchema } from '@sayspell/core/protocol/account';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../api/api-error.ts';
import { changeEmail } from '../../api/recovery.ts';
import { fieldErrors } from '../../components/field-errors.ts';

/** a new e-mail for a password account: confirmed by a link to it, and the old address is told */
export function EmailForm() {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => changeEmail(newEmail.trim(), password),
    onSuccess: () => {
      setPassword('');
      setErrors({});
    },
    onError: (err) =>
      setErrors(
        err instanceof ApiRequestError && err.code === 'WRONG_PASSWORD'
          ? { password: err.message }
          : err instanceof ApiRequestError && err.code === 'VALIDATION'
            ? { newEmail: err.message }
            : { form: err.message },
      ),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = fieldErrors(changeEmailSchema, { newEmail, password });
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  }

  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <form onSubmit={submit} aria-label="Change e-mail" noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="h3">
              E-mail
            </Title>
            <Text c="dimmed" fz="sm">
              We send a link to the new address. Your e-mail changes when you open it, and we tell the old
              address.
            </Text>
          </Stack>
          {save.isSuccess && (
            <Alert color="teal" variant="light" role="status" title="Check the new inbox">
              {save.data.message}
            </Alert>
          )}
          {errors.form && (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          )}

          <TextInput
            label="New e-mail"
            type="email"
            autoComplete="email"
            size="md"
            value={newEmail}
            onChange={(e) => setNewEmail(e.currentTarget.value)}
            error={errors.newEmail}
          />
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            size="md"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
          />

          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Send confirmation link
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
