import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dueWordsQuery } from '../api/learning.ts';

/** under the setup's source when it is 'Practice my words': what the game will hold */
export function PracticeDue() {
  const due = useQuery(dueWordsQuery);
  const n = due.data?.due;
  return (
    <Stack gap={6} justify="flex-end" pb={4}>
      <Text fz="sm" fw={700} data-testid="practice-due">
        {n === undefined
          ? 'Counting your words…'
          : n === 0
            ? 'No words due today'
            : `${n} ${n === 1 ? 'word' : 'words'} due today`}
      </Text>
      <Text fz="xs" c="dimmed">
        {n === 0 ? 'Words you miss come back here the next day.' : 'The words you missed, back on their day.'}
      </Text>
    </Stack>
  );
}
