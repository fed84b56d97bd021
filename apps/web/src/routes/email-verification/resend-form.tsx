import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { resendVerificationSchema } from '@sayspell/core/protocol/account';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { resendVerification } from '../../api/accounts.ts';
import { fieldErrors } from '../../components/field-errors.ts';

/** asks for a new verification link; the server answers the same whether or not the address is known */
export function ResendForm({ email: initial = '' }: { email?: string }) {
  const [email, setEmail] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const resend = useMutation({ mutationFn: () => resendVerification(email.trim()) });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = fieldErrors(resendVerificationSchema, { email });
    setError(found.email);
    if (!found.email) resend.mutate();
  }

  return (
    <form onSubmit={submit} aria-label="Send the link again" noValidate>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Your e-mail"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" variant="light" mt={{ base: 0, xs: 27 }} loading={resend.isPending}>
            Send the link again
          </Button>
        </Group>
        {resend.isSuccess && (
          <Text fz="sm" fw={700} c="teal.8" role="status">
            {resend.data.message}
          </Text>
        )}
        {resend.error && (
          <Text fz="sm" c="red" role="alert">
            {resend.error.message}
          </Text>
        )}
      </Stack>
    </form>
  );
}
