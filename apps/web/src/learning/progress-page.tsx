import { Box, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { progressQuery } from '../api/learning.ts';
import { AccuracyByDayChart, BoxesChart, DifficultyChart, LearnedChart } from './progress-charts.tsx';
import { daySeries } from './progress-series.ts';
import { useStartPractice } from './use-start-practice.ts';

// /progress (issue 17 item 6): the streak, words due and mastered, and charts of the learning loop

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card p="md" shadow="sm">
      <Text fz="xs" fw={800} tt="uppercase" c="ink.6" style={{ letterSpacing: '0.08em' }}>
        {label}
      </Text>
      <Text fz={28} fw={900} lh={1.2} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

export function ProgressPage() {
  const progress = useQuery(progressQuery);
  const practice = useStartPractice();
  if (progress.isPending) {
    return (
      <Center py="xl">
        <Loader type="dots" />
      </Center>
    );
  }
  if (!progress.data) {
    return (
      <Text c="red.8" role="alert">
        Your progress could not be loaded. Please try again.
      </Text>
    );
  }
  const p = progress.data;
  const points = daySeries(p, Date.now());
  return (
    <Box maw={1040} mx="auto">
      <Stack gap={4} mb="lg">
        <Title order={1}>Your progress</Title>
        <Text c="dimmed">Missed words come back on purpose until you know them.</Text>
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" mb="lg">
        <Figure label="Streak" value={`${p.streak} ${p.streak === 1 ? 'day' : 'days'}`} testId="streak" />
        <Figure label="Due today" value={String(p.due)} testId="progress-due" />
        <Figure label="Mastered" value={String(p.mastered)} />
        <Figure label="Words met" value={String(p.met)} />
      </SimpleGrid>
      {p.due > 0 && (
        <Card p="md" mb="lg" shadow="sm">
          <Group justify="space-between" wrap="nowrap" gap="md">
            <Text fw={700}>
              {p.due} {p.due === 1 ? 'word is' : 'words are'} waiting for you today.
            </Text>
            <Button
              radius="xl"
              onClick={() => practice.start()}
              loading={practice.pending}
              style={{ flexShrink: 0 }}
            >
              Practise
            </Button>
          </Group>
        </Card>
      )}
      {p.met === 0 ? (
        <Card p="xl" shadow="sm">
          <Text fw={700}>Nothing to chart yet.</Text>
          <Text c="dimmed" mb="md">
            Play a game: every word you meet is remembered here.
          </Text>
          <Button component={Link} to="/" radius="xl">
            Play a game
          </Button>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card p={{ base: 'md', sm: 'lg' }} shadow="sm">
            <LearnedChart points={points} />
          </Card>
          <Card p={{ base: 'md', sm: 'lg' }} shadow="sm">
            <AccuracyByDayChart points={points} />
          </Card>
          <Card p={{ base: 'md', sm: 'lg' }} shadow="sm">
            <BoxesChart boxes={p.boxes} known={p.known} />
          </Card>
          <Card p={{ base: 'md', sm: 'lg' }} shadow="sm">
            <DifficultyChart byDifficulty={p.byDifficulty} />
          </Card>
        </SimpleGrid>
      )}
    </Box>
  );
}
