import { Alert, Anchor, Card, Center, Stack, Text, Title } from '@mantine/core';
import { PRODUCT } from '@sayspell/core/constants';
import { Link, useNavigate } from 'react-router';
import { LogoMark } from '../../components/logo.tsx';
import { forgetGuestClaim, guestClaim } from './guest-claim.ts';
import { RegisterForm } from './register-form.tsx';

/** /register: a local account; a guest who came from Sign-up keeps their games */
export function RegisterPage() {
  const navigate = useNavigate();
  const claim = guestClaim();

  return (
    <Center pt={{ base: 0, sm: 32 }}>
      <Card w="100%" maw={480} p={{ base: 'lg', sm: 36 }} shadow="md">
        <Stack gap="lg">
          <Stack gap="xs" align="center" ta="center">
            <LogoMark size={52} />
            <Title order={1} fz="h2">
              Create your {PRODUCT} account
            </Title>
            <Text c="dimmed" fz="sm">
              Keep your history, pick an avatar and save your favourite game settings.
            </Text>
          </Stack>
          {claim && (
            <Alert color="ink" variant="light" title="Your guest games come with you">
              The games you played as a guest move to your new account.
            </Alert>
          )}
          <RegisterForm
            claim={claim}
            onRegistered={(email) => {
              forgetGuestClaim();
              navigate('/email-verification', { state: { email } });
            }}
          />
          <Text ta="center" fz="sm">
            Already have an account?{' '}
            <Anchor component={Link} to="/login" fw={700} inherit>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </Card>
    </Center>
  );
}
