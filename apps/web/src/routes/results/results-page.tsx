import { Box, Button, Card, Grid, Stack, Text, Title } from '@mantine/core';
import { categoryLabel } from '@sayspell/core/rules/options';
import { computeScore } from '@sayspell/core/rules/score';
import { Link, useLoaderData } from 'react-router';
import { capitalise } from '../../components/capitalise.ts';
import type { ResultsLoaderData } from './results-loader.ts';
import { ScoreCircle } from './score-circle.tsx';
import { WordResults } from './word-results.tsx';

export function ResultsPage() {
  const { game } = useLoaderData() as ResultsLoaderData;

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

  return (
    <Box maw={1040} mx="auto">
      <Grid gap={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Card
            p="xl"
            shadow="md"
            style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height) + 24px)' }}
          >
            <Stack align="center" gap="md" ta="center">
              <Text fw={800} c="ink.6" tt="uppercase" fz="xs" style={{ letterSpacing: '0.12em' }}>
                {categoryLabel(game.category)} · {capitalise(game.difficulty)}
              </Text>
              <Title order={1} fz="h2">
                Your results
              </Title>
              <ScoreCircle score={score} />
              <Text fw={700} fz="lg">
                {score.correct} of {score.played} correct
              </Text>
              {!game.finished && (
                <Text c="dimmed" fz="sm">
                  This game is still running.
                </Text>
              )}
              <Button component={Link} to="/" size="lg" fullWidth>
                Play again
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Title order={2} fz="h3" mb="md">
            The words
          </Title>
          {played.length > 0 ? <WordResults words={played} /> : <Text c="dimmed">No words were played.</Text>}
        </Grid.Col>
      </Grid>
    </Box>
  );
}
