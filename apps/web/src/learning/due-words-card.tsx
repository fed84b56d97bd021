import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { dueWordsQuery } from '../api/learning.ts';
import { useStartPractice } from './use-start-practice.ts';

// the home page's learning widget (issue 17): words due today with a one-tap practice, the streak,
// a way to the progress page. it loads its own data after the page (home-page.tsx loads it lazily)

export function DueWordsCard() {
  const due = useQuery(dueWordsQuery);
  const practice = useStartPractice();
  if (!due.data) return null;
  const { due: n, streak } = due.data;
  return (
    <Card className="card-padding" shadow="md" aria-label="Your words">
      <Group justify="space-between" align="center" wrap="nowrap" gap="md">
        <Stack gap={2}>
          <Text fw={800} fz="lg" data-testid="due-words">
            {n === 0 ? 'No words due today' : `${n} ${n === 1 ? 'word' : 'words'} due today`}
          </Text>
          <Text fz="sm" c="gray.7">
            {streak > 0 ? `${streak}-day streak` : 'Play today to start a streak'}
          </Text>
          {/* its own line, underlined: a link told apart from text by more than its colour */}
          <Anchor component={Link} to="/progress" fz="sm" fw={600} underline="always">
            Your progress
          </Anchor>
        </Stack>
        {n > 0 && (
          <Button
            radius="xl"
            onClick={() => practice.start()}
            loading={practice.pending}
            disabled={!practice.ready}
            style={{ flexShrink: 0 }}
          >
            Practise
          </Button>
        )}
      </Group>
    </Card>
  );
}
