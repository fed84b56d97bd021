import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PASSWORD_MIN, resetPasswordSchema } from '@sayspell/core/protocol/account';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiRequestError } from '../../api/api-error.ts';
import { checkResetLink, resetPassword } from '../../api/recovery.ts';
import { fieldErrors } from '../../components/field-errors.ts';
import { AlertIcon, VerificationCard } from '../email-verification/verification-card.tsx';
import { KeyIcon } from './key-icon.tsx';

/** /reset-password/{token}: the link from the mail; a new password, once */
export function ResetPasswordPage() {
  const token = useParams().token ?? '';
  // asked before the form shows: nobody types a new password twice into a dead link
  const link = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (link.isPending) {
    return (
      <VerificationCard icon={<KeyIcon />} color="ink" title="Checking your link…">
        <Stack align="center" role="status">
          <Loader type="dots" />
        </Stack>
      </VerificationCard>
    );
  }
  if (link.isError) return <DeadLink message={link.error.message} />;
  return <NewPasswordForm token={token} />;
}

function DeadLink({ message }: { message: string }) {
  return (
    <VerificationCard icon={<AlertIcon />} color="red" title="This link did not work">
      <Text ta="center" role="alert">
        {message}
      </Text>
      <Button component={Link} to="/forgot-password" size="md" fullWidth>
        Send me a new link
      </Button>
      <Text ta="center" fz="sm">
        <Anchor component={Link} to="/login" fw={700} inherit>
          Back to sign in
        </Anchor>
      </Text>
    </VerificationCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => resetPassword(token, password),
    onSuccess: () => {
      notifications.show({
        color: 'teal',
        title: 'Password changed',
        message: 'You are signed in. Every other device was signed out.',
      });
      navigate('/', { replace: true });
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = fieldErrors(resetPasswordSchema, { token, newPassword: password });
    if (!found.newPassword && repeat !== password) found.repeat = 'The two passwords are not the same.';
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  }

  // the link died while the form was open (used in another tab, or expired)
  const linkFailed = save.error instanceof ApiRequestError && save.error.code?.startsWith('LINK_');
  if (linkFailed && save.error) return <DeadLink message={save.error.message} />;

  return (
    <VerificationCard icon={<KeyIcon />} color="ink" title="Choose a new password">
      <Text ta="center" c="dimmed">
        Setting it signs you out on every other device.
      </Text>
      <form onSubmit={submit} aria-label="Choose a new password" noValidate>
        <Stack gap="md">
          {save.error && (
            <Alert color="red" variant="light" role="alert">
              {save.error.message}
            </Alert>
          )}
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN} characters.`}
            autoComplete="new-password"
            size="md"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.newPassword}
          />
          <PasswordInput
            label="New password again"
            autoComplete="new-password"
            size="md"
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            error={errors.repeat}
          />
          <Button type="submit" size="md" fullWidth loading={save.isPending || save.isSuccess}>
            Set new password
          </Button>
        </Stack>
      </form>
    </VerificationCard>
  );
}
