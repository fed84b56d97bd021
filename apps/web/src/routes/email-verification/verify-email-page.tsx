import { Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { verifyEmail } from '../../api/accounts.ts';
import { ResendForm } from './resend-form.tsx';
import { AlertIcon, CheckIcon, MailIcon, VerificationCard } from './verification-card.tsx';

/** /email-verification/{token}: follows the link from the mail once */
export function VerifyEmailPage() {
  const token = useParams().token ?? '';
  // a query, not an effect: a remount (strict mode) or a re-render does not spend the link twice
  const verify = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  if (verify.isPending) {
    return (
      <VerificationCard icon={<MailIcon />} color="ink" title="Verifying your e-mail…">
        <Stack align="center" role="status">
          <Loader type="dots" />
        </Stack>
      </VerificationCard>
    );
  }
  if (verify.isError) {
    return (
      <VerificationCard icon={<AlertIcon />} color="red" title="This link did not work">
        <Text ta="center" role="alert">
          {verify.error.message}
        </Text>
        <ResendForm />
        <Text ta="center" fz="sm">
          Verified already?{' '}
          <Anchor component={Link} to="/login" fw={700} inherit>
            Sign in
          </Anchor>
        </Text>
      </VerificationCard>
    );
  }
  return (
    <VerificationCard icon={<CheckIcon />} color="teal" title="Your e-mail is verified">
      <Text ta="center">
        {verify.data.email ? <b>{verify.data.email}</b> : 'Your address'} is confirmed. Sign in to start
        playing.
      </Text>
      <Button component={Link} to="/login" size="md" fullWidth>
        Sign in
      </Button>
    </VerificationCard>
  );
}
