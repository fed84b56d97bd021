import { Anchor, Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { PRODUCT } from '@sayspell/core/constants';
import { Link, useSearchParams } from 'react-router';
import { redirectTarget } from '../../auth/redirect-target.ts';
import { LogoMark } from '../../components/logo.tsx';
import { useGuestPlay } from '../landing/use-guest-play.ts';

/** sign-in page. registered accounts (local, social) add their form above the guest option */
export function LoginPage() {
  const [params] = useSearchParams();
  // the page the visitor wanted before being sent here: local paths only (§2)
  const guest = useGuestPlay(redirectTarget(params.get('redirect')));

  return (
    <Center pt={{ base: 'md', sm: 48 }}>
      <Card w="100%" maw={440} p={{ base: 'lg', sm: 36 }} shadow="md">
        <Stack gap="lg" align="center" ta="center">
          <LogoMark size={56} />
          <Title order={1} fz="h2">
            Sign in to {PRODUCT}
          </Title>
          <Text c="dimmed">
            Accounts with e-mail and password are on their way. Until then, jump straight in as a guest: no
            sign-up needed.
          </Text>
          <Button size="lg" fullWidth loading={guest.isPending} onClick={() => guest.mutate()}>
            Play as a guest
          </Button>
          <Anchor component={Link} to="/" fz="sm">
            Back to the start page
          </Anchor>
        </Stack>
      </Card>
    </Center>
  );
}
