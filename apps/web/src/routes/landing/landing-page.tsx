import { Box, Button, Card, Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TEXTS } from '@sayspell/core/constants';
import { Link } from 'react-router';
import { LetterTiles } from '../../components/letter-tiles.tsx';
import { StoreButtons } from './store-buttons.tsx';
import { useGuestPlay } from './use-guest-play.ts';

/** what a signed-out visitor sees at / (§1): the app lives on phones now; the browser gets a taste */
export function LandingPage() {
  const guest = useGuestPlay('/');
  return (
    <Box
      maw={1080}
      mx="auto"
      pt={{ base: 'xs', md: 'xl' }}
      // on wide screens the hero sits in the middle of the window, not at its top
      mih={{ sm: 'calc(100dvh - 220px)' }}
      style={{ display: 'flex', alignItems: 'center' }}
    >
      <SimpleGrid
        w="100%"
        cols={{ base: 1, sm: 2 }}
        spacing={{ base: 'xl', md: 48 }}
        style={{ alignItems: 'center' }}
      >
        <Stack gap="lg">
          <Text fw={800} c="ink.6" tt="uppercase" fz="sm" style={{ letterSpacing: '0.12em' }}>
            Hear it · Spell it · Beat the clock
          </Text>
          <Title order={1}>{TEXTS.mobileOnly}</Title>
          <Text fz="lg" c="dark.3">
            Play with a partner, chat and climb the leaderboard in the app for Android and iPhone. Or warm up
            right here with a quick solo round: we say the word, you spell it.
          </Text>
          <StoreButtons />
        </Stack>

        <Card p={{ base: 'lg', md: 36 }} shadow="md">
          <Stack gap="lg">
            <LetterTiles word="spell" size={52} />
            <Title order={2} ta="center" fz="h3">
              Ten words. Ninety seconds.
            </Title>
            <Button
              size="lg"
              fullWidth
              className="wrap-button"
              loading={guest.isPending}
              onClick={() => guest.mutate()}
            >
              Play in the browser
            </Button>
            <Divider label="already have an account?" labelPosition="center" />
            <Button component={Link} to="/login" variant="light" size="md" fullWidth>
              Sign in
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
    </Box>
  );
}
