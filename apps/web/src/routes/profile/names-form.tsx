import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { NAME_MAX, USERNAME_RULE, updateProfileSchema } from '@sayspell/core/protocol/account';
import type { UserView } from '@sayspell/core/protocol/auth';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { updateProfile } from '../../api/accounts.ts';
import { ApiRequestError } from '../../api/api-error.ts';
import { fieldErrors } from '../../components/field-errors.ts';

/** change the name and the username (§ issue 3: profile) */
export function NamesForm({ user }: { user: UserView }) {
  const [name, setName] = useState(user.name ?? '');
  const [username, setUsername] = useState(user.username);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const patch = {
    ...(name.trim() !== (user.name ?? '') ? { name: name.trim() } : {}),
    ...(username.trim() !== user.username ? { username: username.trim() } : {}),
  };
  const changed = Object.keys(patch).length > 0;
  const save = useMutation({
    mutationFn: () => updateProfile(patch),
    onSuccess: () => {
      setErrors({});
      notifications.show({ color: 'teal', title: 'Saved', message: 'Your profile is up to date.' });
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && err.code === 'USERNAME_TAKEN')
        setErrors({ username: err.message });
      else setErrors({ form: err.message });
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = fieldErrors(updateProfileSchema, patch);
    setErrors(found);
    if (Object.keys(found).length === 0 && changed) save.mutate();
  }

  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <form onSubmit={submit} aria-label="Name and username" noValidate>
        <Stack gap="md">
          <Title order={2} fz="h3">
            Name and username
          </Title>
          <TextInput
            label="Name"
            description={`Up to ${NAME_MAX} characters.`}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            autoComplete="name"
            size="md"
          />
          <TextInput
            label="Username"
            description={`${USERNAME_RULE[0]?.toUpperCase()}${USERNAME_RULE.slice(1)}.`}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={errors.username ?? errors.form}
            autoComplete="username"
            size="md"
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={!changed} loading={save.isPending}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
