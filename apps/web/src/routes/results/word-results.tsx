import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { WordEntryView } from '@sayspell/core/protocol/game';

/** every played word: the guess, right or wrong, its sound (IPA) and meaning */
export function WordResults({
  words,
  guessedBy = 'you',
}: {
  words: WordEntryView[];
  /** who typed the guesses: the speaker reads their partner's */
  guessedBy?: 'you' | 'partner';
}) {
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {words.map((entry, i) => {
        const right = entry.correct === true;
        const word = entry.word;
        const others = word?.homonyms.map((h) => h.word).filter(Boolean) ?? [];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a game's words keep their order
          <Paper key={i} component="li" p="md" radius="lg" withBorder>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs" align="baseline">
                  <Text fw={900} fz="lg">
                    {word?.word ?? '—'}
                  </Text>
                  {word?.ipa && (
                    <Text c="dimmed" ff="monospace" fz="sm">
                      /{word.ipa}/
                    </Text>
                  )}
                </Group>
                {others.length > 0 && (
                  <Text fz="xs" c="dimmed">
                    Also accepted: {others.join(', ')}
                  </Text>
                )}
                {word?.definition && (
                  <Text fz="sm" c="dark.4">
                    {word.definition}
                  </Text>
                )}
                {!right && (
                  <Text fz="sm" c="red.8">
                    {guessedBy === 'you' ? 'You typed' : 'Your partner typed'} <b>{entry.guess || '—'}</b>
                  </Text>
                )}
                {/* an accepted soundalike: the player sees what was typed and that it counted */}
                {right && entry.guess && entry.guess.trim().toLowerCase() !== word?.word.toLowerCase() && (
                  <Text fz="sm" c="teal.9">
                    {guessedBy === 'you' ? 'You typed' : 'Your partner typed'} <b>{entry.guess}</b>, a
                    soundalike, accepted
                  </Text>
                )}
              </Stack>
              <Badge color={right ? 'teal' : 'red'} variant="light" radius="xl" style={{ flexShrink: 0 }}>
                {right ? 'Right' : 'Wrong'}
              </Badge>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
