import { Box, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { profileQuery } from '../../api/auth.ts';
import { GiftCardPopup } from '../../popups/giftcard-popup.tsx';
import { WordOfTheDayPopup } from '../../popups/word-of-the-day-popup.tsx';
import { GameSetupCard } from './game-setup-card.tsx';
import { HowToPlay } from './how-to-play.tsx';

// who is online and the feedback form load after the first paint
const OnlineUsers = lazy(async () => ({
  default: (await import('../../social/online-users.tsx')).OnlineUsers,
}));
const FeedbackLink = lazy(async () => ({
  default: (await import('../../social/feedback.tsx')).FeedbackLink,
}));

export function HomePage() {
  const profile = useQuery(profileQuery);
  const [wotdOpen, setWotdOpen] = useState(false);
  return (
    <Box maw={1040} mx="auto">
      {/* the gift-card promotion waits until the EULA and the demographic form are done */}
      {profile.data &&
        (profile.data.role === 'guest' ||
          (profile.data.hasConfirmedEULA && !profile.data.needsDemographic)) && (
          <GiftCardPopup isGuest={profile.data.role === 'guest'} />
        )}
      <Stack gap={4} mb="lg">
        <Text c="ink.6" fw={800} tt="uppercase" fz="xs" style={{ letterSpacing: '0.12em' }}>
          {profile.data ? `Hi, ${profile.data.name || profile.data.username}` : 'Welcome back'}
        </Text>
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1}>Ready for a round?</Title>
          <Button variant="light" radius="xl" onClick={() => setWotdOpen(true)}>
            Word of the Day
          </Button>
        </Group>
      </Stack>
      <WordOfTheDayPopup opened={wotdOpen} onClose={() => setWotdOpen(false)} />
      <Grid gap={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <GameSetupCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Suspense fallback={null}>
              <OnlineUsers />
            </Suspense>
            <HowToPlay />
            <Suspense fallback={null}>
              <FeedbackLink />
            </Suspense>
          </Stack>
        </Grid.Col>
      </Grid>
    </Box>
  );
}
