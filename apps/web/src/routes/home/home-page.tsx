import { Box, Grid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { profileQuery } from '../../api/auth.ts';
import { GiftCardPopup } from '../../popups/giftcard-popup.tsx';
import { GameSetupCard } from './game-setup-card.tsx';
import { HowToPlay } from './how-to-play.tsx';

export function HomePage() {
  const profile = useQuery(profileQuery);
  return (
    <Box maw={1040} mx="auto">
      {profile.data && <GiftCardPopup isGuest={profile.data.role === 'guest'} />}
      <Stack gap={4} mb="lg">
        <Text c="ink.6" fw={800} tt="uppercase" fz="xs" style={{ letterSpacing: '0.12em' }}>
          {profile.data ? `Hi, ${profile.data.username}` : 'Welcome back'}
        </Text>
        <Title order={1}>Ready for a round?</Title>
      </Stack>
      <Grid gap={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <GameSetupCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <HowToPlay />
        </Grid.Col>
      </Grid>
    </Box>
  );
}
