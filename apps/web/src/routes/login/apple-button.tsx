import { Alert, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { signInApple } from '../../api/accounts.ts';
import { appleIdentity } from '../../platform/apple-sign-in.ts';
import { isNative } from '../../platform/platform.ts';
import { SignOnOverlay } from './sign-on-overlay.tsx';

const APPLE_MARK =
  'M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.2 1-4 2.5-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.6-1-2.6-4zM14 5.4c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.6 2.8-1.4z';

/** "Continue with Apple": inside the iOS and Android apps only, when the server offers it */
export function AppleButton({
  offered,
  clientId,
  redirect,
}: {
  offered: boolean;
  clientId: string | null | undefined;
  redirect: string;
}) {
  const navigate = useNavigate();
  const signIn = useMutation({
    mutationFn: async () => signInApple(await appleIdentity(clientId ?? '')),
    onSuccess: () => navigate(redirect, { replace: true }),
  });
  if (!offered || !clientId || !isNative()) return null;
  return (
    <Stack gap="xs">
      {signIn.isPending && <SignOnOverlay label="Signing you in with Apple…" />}
      {signIn.isError && (
        <Alert color="red" variant="light" role="alert" title="Sign-in did not finish">
          {signIn.error.message}
        </Alert>
      )}
      <Button
        variant="filled"
        color="dark"
        size="md"
        fullWidth
        leftSection={
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <path d={APPLE_MARK} />
          </svg>
        }
        onClick={() => signIn.mutate()}
      >
        Continue with Apple
      </Button>
    </Stack>
  );
}
