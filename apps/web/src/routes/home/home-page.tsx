import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { profileQuery } from '../../api/auth.ts';
import { useOwnTask } from '../../platform/own-task.ts';
import { whenIdle } from '../../platform/when-idle.ts';
import { GameSetupCard } from './game-setup-card.tsx';
import { HowToPlay } from './how-to-play.tsx';

// the two popups are modals (mantine's modal, its scroll area and focus trap: ~12 KB gzip), not
// part of the page's first download (issue 22): the word of the day once the page is idle,
// the gift-card promotion (never shown to guests) after the page
const loadWordOfTheDay = () => import('../../popups/word-of-the-day-popup.tsx');
const WordOfTheDayPopup = lazy(async () => ({ default: (await loadWordOfTheDay()).WordOfTheDayPopup }));
const GiftCardPopup = lazy(async () => ({
  default: (await import('../../popups/giftcard-popup.tsx')).GiftCardPopup,
}));
// who is online and the feedback form load after the first paint
const OnlineUsers = lazy(async () => ({
  default: (await import('../../social/online-users.tsx')).OnlineUsers,
}));
// the learning widget (due words, streak) fetches its own data after the page (issue 17)
const DueWordsCard = lazy(async () => ({
  default: (await import('../../learning/due-words-card.tsx')).DueWordsCard,
}));
const FeedbackLink = lazy(async () => ({
  default: (await import('../../social/feedback.tsx')).FeedbackLink,
}));

export function HomePage() {
  const profile = useQuery(profileQuery);
  const [wotdOpen, setWotdOpen] = useState(false);
  const [wotdAsked, setWotdAsked] = useState(false);
  // the side column (the learning card, who is online, how to play) renders in a task of its own
  // after the page's first paint: the page and the column together were a phone's longest task
  // (issue 22). on a phone the column is below the setup card, out of the first screen
  const sideColumn = useOwnTask(true);
  // the popup is there before anyone asks (loaded once the page is idle)
  useEffect(() => whenIdle(() => void loadWordOfTheDay().catch(() => {})), []);
  return (
    <Box maw={1040} mx="auto">
      {/* the gift-card promotion waits until the EULA and the demographic form are done */}
      {profile.data &&
        profile.data.role !== 'guest' &&
        profile.data.hasConfirmedEULA &&
        !profile.data.needsDemographic && (
          <Suspense fallback={null}>
            <GiftCardPopup isGuest={false} />
          </Suspense>
        )}
      <Stack gap={4} mb="lg">
        <Text c="ink.6" fw={800} tt="uppercase" fz="xs" style={{ letterSpacing: '0.12em' }}>
          {profile.data ? `Hi, ${profile.data.name || profile.data.username}` : 'Welcome back'}
        </Text>
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1}>Ready for a round?</Title>
          <Button
            variant="light"
            radius="xl"
            onClick={() => {
              setWotdAsked(true);
              setWotdOpen(true);
            }}
          >
            Word of the Day
          </Button>
        </Group>
      </Stack>
      {wotdAsked && (
        <Suspense fallback={null}>
          <WordOfTheDayPopup opened={wotdOpen} onClose={() => setWotdOpen(false)} />
        </Suspense>
      )}
      <div className="home-grid">
        <GameSetupCard />
        <Stack gap="lg">
          {sideColumn && (
            <>
              <Suspense fallback={null}>
                <DueWordsCard />
              </Suspense>
              <Suspense fallback={null}>
                <OnlineUsers />
              </Suspense>
              <HowToPlay />
              <Suspense fallback={null}>
                <FeedbackLink />
              </Suspense>
            </>
          )}
        </Stack>
      </div>
    </Box>
  );
}
