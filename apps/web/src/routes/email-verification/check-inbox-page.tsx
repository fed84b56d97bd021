import { Anchor, Divider, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { ResendForm } from './resend-form.tsx';
import { MailIcon, VerificationCard } from './verification-card.tsx';

/** /email-verification: after registering, "check your inbox", with a resend button */
export function CheckInboxPage() {
  const state = useLocation().state as { email?: unknown } | null;
  const email = typeof state?.email === 'string' ? state.email : undefined;
  return (
    <VerificationCard icon={<MailIcon />} color="ink" title="Check your inbox">
      <Text ta="center">
        {email ? (
          <>
            We sent a link to <b>{email}</b>.
          </>
        ) : (
          'We sent you a link.'
        )}{' '}
        Open it to verify your e-mail, then sign in. The link works for 24 hours.
      </Text>
      <Divider label="no mail? check your spam folder, or" labelPosition="center" />
      <ResendForm email={email} />
      <Text ta="center" fz="sm">
        Verified already?{' '}
        <Anchor component={Link} to="/login" fw={700} inherit>
          Sign in
        </Anchor>
      </Text>
    </VerificationCard>
  );
}
