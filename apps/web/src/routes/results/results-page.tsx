import { Alert, Box, Button, Card, Grid, Stack, Text, Title } from '@mantine/core';
import type { GameView } from '@sayspell/core/protocol/game';
import { categoryLabel } from '@sayspell/core/rules/options';
import { computeScore } from '@sayspell/core/rules/score';
import { lazy, Suspense } from 'react';
import { Link, useLoaderData, useLocation } from 'react-router';
import { capitalise } from '../../components/capitalise.ts';
import { useAdBanner } from '../../platform/use-ad-banner.ts';
import { useInterstitial } from '../../platform/use-interstitial.ts';
import { playerRole } from '../game/player-role.ts';
import { RematchPanel } from './rematch-panel.tsx';
import type { ResultsLoaderData } from './results-loader.ts';
import { ScoreCircle } from './score-circle.tsx';
import { WordResults } from './word-results.tsx';

// the learning loop's 'practise these again' (issue 17), with its own request code
const PractiseAgainButton = lazy(async () => ({
  default: (await import('../../learning/practise-again-button.tsx')).PractiseAgainButton,
}));

// a rematch is offered on results seen right after the game, not on ones opened from the history
const REMATCH_WINDOW_MS = 10 * 60_000;

function canRematch(game: GameView): boolean {
  if (game.solo || !game.finished || game.endedReason === 'partner-left') return false;
  return game.finishedAt !== null && game.serverNow - game.finishedAt < REMATCH_WINDOW_MS;
}

export function ResultsPage() {
  const { game, me, partner } = useLoaderData() as ResultsLoaderData;
  useAdBanner();
  useInterstitial(game?.finished ? game._id : null);
  const location = useLocation();
  const partnerLeftNow = (location.state as { partnerLeft?: boolean } | null)?.partnerLeft === true;

  if (!game) {
    return (
      <Card maw={460} mx="auto" mt="xl" p="xl" ta="center">
        <Stack align="center" gap="md">
          <Title order={1} fz="h2">
            No results yet
          </Title>
          <Text c="dimmed">Play a game and your score and words will show up here.</Text>
          <Button component={Link} to="/">
            Play a game
          </Button>
        </Stack>
      </Card>
    );
  }

  const played = game.results ?? game.words.filter((w) => w.used);
  const score = computeScore(played);
  const role = playerRole(game, me);

  return (
    <Box maw={1040} mx="auto">
      {game.endedReason === 'partner-left' && (
        <Alert
          color="orange"
          radius="lg"
          mb="lg"
          title={partnerLeftNow ? 'Your partner left the game' : undefined}
        >
          {partnerLeftNow
            ? 'The game ended early. Here is what you played together.'
            : 'This game ended early because a player left.'}
        </Alert>
      )}
      <Grid gap={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card
            p="xl"
            shadow="md"
            style={{ position: 'sticky', top: 'calc(var(--frame-header-height) + 24px)' }}
          >
            <Stack align="center" gap="md" ta="center">
              <Text fw={800} c="ink.6" tt="uppercase" fz="xs" style={{ letterSpacing: '0.12em' }}>
                {categoryLabel(game.category)} · {capitalise(game.difficulty)}
              </Text>
              <Stack gap={2} align="center">
                <Title order={1} fz="h2">
                  {role === 'solo' ? 'Your results' : 'Your team’s results'}
                </Title>
                {role !== 'solo' && (
                  <Text c="dimmed" fz="sm">
                    You were the {role}
                    {partner ? ` · with ${partner.username}` : ''}
                  </Text>
                )}
              </Stack>
              <ScoreCircle score={score} />
              <Text fw={700} fz="lg">
                {score.correct} of {score.played} correct
              </Text>
              {!game.finished && (
                <Text c="dimmed" fz="sm">
                  This game is still running.
                </Text>
              )}
              {canRematch(game) ? (
                <RematchPanel gameId={game._id} me={me} partnerName={partner?.username ?? null} />
              ) : (
                <Button component={Link} to="/" size="lg" fullWidth>
                  {role === 'solo' ? 'Play again' : 'New game'}
                </Button>
              )}
              {me && (
                <Suspense fallback={null}>
                  <PractiseAgainButton game={game} me={me} />
                </Suspense>
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Title order={2} fz="h3" mb="md">
            The words
          </Title>
          {played.length > 0 ? (
            <WordResults words={played} guessedBy={role === 'speaker' ? 'partner' : 'you'} />
          ) : (
            <Text c="dimmed">No words were played.</Text>
          )}
        </Grid.Col>
      </Grid>
    </Box>
  );
}
