import { Alert, Anchor, Button, Card, Center, Divider, Stack, Text, Title } from '@mantine/core';
import { PRODUCT } from '@sayspell/core/constants';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { configQuery } from '../../api/config.ts';
import { redirectTarget } from '../../auth/redirect-target.ts';
import { LogoMark } from '../../components/logo.tsx';
import { isNative } from '../../platform/platform.ts';
import { useGuestPlay } from '../landing/use-guest-play.ts';
import { AppleButton } from './apple-button.tsx';
import { LoginForm } from './login-form.tsx';
import { SignOnOverlay } from './sign-on-overlay.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { PROVIDER_LABELS, socialProvidersOffered } from './social-flow.ts';
import { useSocialCallback } from './use-social-callback.ts';

/** the sign-in page, also the page the sign-in providers send the browser back to (§2) */
export function LoginPage() {
  const [params, setParams] = useSearchParams();
  // the page the visitor wanted before being sent here: local paths only (§2)
  const wanted = redirectTarget(params.get('redirect'));
  const guest = useGuestPlay(wanted);
  const config = useQuery(configQuery);
  const providers = socialProvidersOffered(config.data?.loginMethods);
  const apple = isNative() && !!config.data?.appleClientId && !!config.data?.loginMethods?.includes('apple');

  // once the provider's answer is used (or refused), the url forgets it: a reload does not replay it
  const forgetAnswer = useCallback(
    () =>
      setParams((p) => new URLSearchParams(p.has('redirect') ? { redirect: p.get('redirect')! } : {}), {
        replace: true,
      }),
    [setParams],
  );
  const callback = useSocialCallback(
    {
      code: params.get('code'),
      state: params.get('state'),
      error: params.get('error'),
      errorDescription: params.get('error_description'),
    },
    forgetAnswer,
  );

  return (
    <Center pt={{ base: 0, sm: 32 }}>
      {callback.kind === 'pending' && (
        <SignOnOverlay
          label={
            callback.provider
              ? `Signing you in with ${PROVIDER_LABELS[callback.provider]}…`
              : 'Signing you in…'
          }
        />
      )}
      <Card w="100%" maw={440} p={{ base: 'lg', sm: 36 }} shadow="md">
        <Stack gap="lg">
          <Stack gap="xs" align="center" ta="center">
            <LogoMark size={52} />
            <Title order={1} fz="h2">
              Sign in to {PRODUCT}
            </Title>
            <Text c="dimmed" fz="sm">
              Welcome back! Sign in to keep your games, settings and gift-card progress.
            </Text>
          </Stack>

          {callback.kind === 'failed' && (
            <Alert color="red" variant="light" role="alert" title="Sign-in did not finish">
              {callback.message}
            </Alert>
          )}

          <AppleButton
            offered={config.data?.loginMethods?.includes('apple') ?? false}
            clientId={config.data?.appleClientId}
            redirect={wanted}
          />
          <SocialButtons providers={providers} redirect={wanted} />
          {(providers.length > 0 || apple) && <Divider label="or with your e-mail" labelPosition="center" />}

          <LoginForm redirect={wanted} />

          <Text ta="center" fz="sm">
            New to {PRODUCT}?{' '}
            <Anchor component={Link} to="/register" fw={700} inherit>
              Create an account
            </Anchor>
          </Text>

          <Divider label="just want to play?" labelPosition="center" />
          <Button
            variant="light"
            size="md"
            fullWidth
            loading={guest.isPending}
            onClick={() => guest.mutate()}
          >
            Play as guest
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
