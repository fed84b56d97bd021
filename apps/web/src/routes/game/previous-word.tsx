import { Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { WordEntryView } from '@sayspell/core/protocol/game';

type Props = {
  entry: WordEntryView | undefined;
  /** who typed the guess: the speaker sees their partner's */
  guessedBy?: 'you' | 'partner';
};

/** the word just played, revealed with the guess and whether it was right; the announcement for
 * screen readers lives in a region that is there from the start of the game, so the first result
 * is read too (a region that appears together with its text often is not) */
export function PreviousWord({ entry, guessedBy = 'you' }: Props) {
  return (
    <>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic>
        {entry?.word ? announcement(entry, guessedBy) : ''}
      </VisuallyHidden>
      {entry?.word && <LastWordCard entry={entry} guessedBy={guessedBy} />}
    </>
  );
}

function announcement(entry: WordEntryView, guessedBy: 'you' | 'partner') {
  const word = entry.word?.word ?? '';
  if (entry.correct === true) return `Correct: ${word}.`;
  const typed = entry.guess ? `${guessedBy === 'you' ? 'You' : 'Your partner'} typed ${entry.guess}.` : '';
  return `Missed: ${word}. ${typed}`.trim();
}

function LastWordCard({ entry, guessedBy }: { entry: WordEntryView; guessedBy: 'you' | 'partner' }) {
  if (!entry.word) return null;
  const right = entry.correct === true;
  return (
    <Paper p="md" radius="lg" bg={right ? 'teal.0' : 'red.0'}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fz="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
            Last word
          </Text>
          <Text fw={900} fz="xl" c={right ? 'teal.9' : 'red.9'} truncate>
            {entry.word.word}
          </Text>
          {!right && (
            <Text fz="sm" c="dark.4" truncate>
              {guessedBy === 'you' ? 'You typed' : 'Your partner typed'} <b>{entry.guess || '—'}</b>
            </Text>
          )}
        </Stack>
        {/* the darkest shades: white on the usual teal and red is too faint (2.6:1 and 3.3:1) */}
        {/* never shrinks: a long guess beside it squeezed it to "MI…" at 390 px */}
        <Badge
          size="lg"
          radius="xl"
          color={right ? 'teal.9' : 'red.9'}
          variant="filled"
          style={{ flexShrink: 0 }}
        >
          {right ? 'Correct' : 'Missed'}
        </Badge>
      </Group>
    </Paper>
  );
}
