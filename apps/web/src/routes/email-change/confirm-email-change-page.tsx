import { Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { profileQuery } from '../../api/auth.ts';
import { queryClient } from '../../api/query-client.ts';
import { confirmEmailChange } from '../../api/recovery.ts';
import { isSignedIn } from '../../auth/token-storage.ts';
import {
  AlertIcon,
  CheckIcon,
  MailIcon,
  VerificationCard,
} from '../email-verification/verification-card.tsx';

/** /email-change/{token}: the link mailed to the new address; confirms it once */
export function ConfirmEmailChangePage() {
  const token = useParams().token ?? '';
  // a query, not an effect: a remount does not spend the link twice
  const confirm = useQuery({
    queryKey: ['confirm-email-change', token],
    queryFn: async () => {
      const answer = await confirmEmailChange(token);
      // a profile read that left before the change (the app's first load) must not land after it
      // as fresh: it is cancelled, and the profile is read again where it is shown (the account
      // page once showed the old address)
      await queryClient.cancelQueries({ queryKey: profileQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
      return answer;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const signedIn = isSignedIn();

  if (confirm.isPending) {
    return (
      <VerificationCard icon={<MailIcon />} color="ink" title="Confirming your new e-mail…">
        <Stack align="center" role="status">
          <Loader type="dots" />
        </Stack>
      </VerificationCard>
    );
  }
  if (confirm.isError) {
    return (
      <VerificationCard icon={<AlertIcon />} color="red" title="This link did not work">
        <Text ta="center" role="alert">
          {confirm.error.message}
        </Text>
        <Text ta="center" fz="sm">
          <Anchor component={Link} to={signedIn ? '/profile' : '/login'} fw={700} inherit>
            {signedIn ? 'Go to your account' : 'Sign in'}
          </Anchor>
        </Text>
      </VerificationCard>
    );
  }
  return (
    <VerificationCard icon={<CheckIcon />} color="teal" title="Your e-mail is changed">
      <Text ta="center">
        Your account now uses <b>{confirm.data.email}</b>. Sign in with it from now on.
      </Text>
      <Button component={Link} to={signedIn ? '/profile' : '/login'} size="md" fullWidth>
        {signedIn ? 'Go to your account' : 'Sign in'}
      </Button>
    </VerificationCard>
  );
}
