import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { loginSchema } from '@sayspell/core/protocol/auth';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { resendVerification, signInLocal } from '../../api/accounts.ts';
import { ApiRequestError } from '../../api/api-error.ts';
import { fieldErrors } from '../../components/field-errors.ts';

/** e-mail or username and password (§1 local sign-in) */
export function LoginForm({ redirect }: { redirect: string }) {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const signIn = useMutation({
    mutationFn: () => signInLocal(username.trim(), password),
    onSuccess: () => navigate(redirect, { replace: true }),
    onError: (err) => {
      if (err instanceof ApiRequestError && err.code === 'ACCOUNT_REMOVED') navigate('/adminRemoved');
    },
  });
  const resend = useMutation({ mutationFn: () => resendVerification(username.trim()) });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = fieldErrors(loginSchema, { strategy: 'local', username, password });
    setErrors(found);
    if (Object.keys(found).length === 0) signIn.mutate();
  }

  const failure = signIn.error;
  const unverified = failure instanceof ApiRequestError && failure.code === 'EMAIL_NOT_VERIFIED';
  const typedEmail = username.includes('@');

  return (
    <form onSubmit={submit} aria-label="Sign in" noValidate>
      <Stack gap="md">
        {failure && !unverified && (
          <Alert color="red" variant="light" role="alert">
            {failure.message}
          </Alert>
        )}
        {unverified && (
          <Alert color="yellow" variant="light" role="alert" title="Please verify your e-mail first">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{failure.message}</Text>
              {resend.isSuccess ? (
                <Text fz="sm" fw={700}>
                  {resend.data.message}
                </Text>
              ) : typedEmail ? (
                <Button size="xs" variant="light" loading={resend.isPending} onClick={() => resend.mutate()}>
                  Send the link again
                </Button>
              ) : (
                <Anchor component={Link} to="/email-verification" fz="sm" fw={700}>
                  Send the link again
                </Anchor>
              )}
              {resend.error && (
                <Text fz="sm" c="red">
                  {resend.error.message}
                </Text>
              )}
            </Stack>
          </Alert>
        )}
        <TextInput
          label="E-mail or username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={errors.username}
          size="md"
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          size="md"
        />
        <Anchor
          component={Link}
          to={
            typedEmail ? `/forgot-password?email=${encodeURIComponent(username.trim())}` : '/forgot-password'
          }
          fz="sm"
          fw={600}
          mt={-8}
          style={{ alignSelf: 'flex-end' }}
        >
          Forgot your password?
        </Anchor>
        <Button type="submit" size="md" fullWidth loading={signIn.isPending || signIn.isSuccess}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
