import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { forgotPasswordSchema } from '@sayspell/core/protocol/account';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { forgotPassword } from '../../api/recovery.ts';
import { fieldErrors } from '../../components/field-errors.ts';
import { MailIcon, VerificationCard } from '../email-verification/verification-card.tsx';
import { KeyIcon } from './key-icon.tsx';

/** /forgot-password: asks for a reset link; the answer is the same whether or not the address is known */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({ mutationFn: () => forgotPassword(email.trim()) });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = fieldErrors(forgotPasswordSchema, { email });
    setError(found.email);
    if (!found.email) send.mutate();
  }

  if (send.isSuccess) {
    return (
      <VerificationCard icon={<MailIcon />} color="teal" title="Check your inbox">
        <Text ta="center" role="status">
          {send.data.message}
        </Text>
        <Text ta="center" c="dimmed" fz="sm">
          Nothing after a few minutes? Look in your spam folder, or check the address: <b>{email.trim()}</b>.
        </Text>
        <Stack gap="xs">
          <Button component={Link} to="/login" size="md" fullWidth>
            Back to sign in
          </Button>
          <Button variant="subtle" size="sm" onClick={() => send.reset()}>
            Use another address
          </Button>
        </Stack>
      </VerificationCard>
    );
  }

  return (
    <VerificationCard icon={<KeyIcon />} color="ink" title="Forgot your password?">
      <Text ta="center" c="dimmed">
        Enter the e-mail of your account. We will send you a link to choose a new password.
      </Text>
      <form onSubmit={submit} aria-label="Reset your password" noValidate>
        <Stack gap="md">
          {send.error && (
            <Alert color="red" variant="light" role="alert">
              {send.error.message}
            </Alert>
          )}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            size="md"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Button type="submit" size="md" fullWidth loading={send.isPending}>
            Send me a link
          </Button>
        </Stack>
      </form>
      <Text ta="center" fz="sm">
        Remembered it?{' '}
        <Anchor component={Link} to="/login" fw={700} inherit>
          Sign in
        </Anchor>
      </Text>
    </VerificationCard>
  );
}
