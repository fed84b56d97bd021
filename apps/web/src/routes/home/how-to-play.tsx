import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { GAME_TIMER_SECONDS, PARTNERED_WORD_COUNT, SOLO_WORD_COUNT } from '@sayspell/core/constants';

const steps = [
  { title: 'Listen', text: 'Our voice says a word. Tap “Hear it again” as often as you like.' },
  { title: 'Spell', text: 'Type it and press Enter. Soundalikes count: “knight” or “night” both win.' },
  {
    title: 'Beat the clock',
    text: `${SOLO_WORD_COUNT} words, ${GAME_TIMER_SECONDS} seconds. See every word, its sound and meaning at the end.`,
  },
  {
    title: 'Team up',
    text: `Pick Partnered: one of you sees the word and says it, the other spells it. Up to ${PARTNERED_WORD_COUNT} words against the same clock.`,
  },
];

export function HowToPlay() {
  return (
    <Card className="card-padding" bg="ink.0" withBorder={false} shadow="none">
      <Title order={2} fz="h3" mb="lg">
        How to play
      </Title>
      <Stack component="ol" gap="lg" p={0} m={0} style={{ listStyle: 'none' }}>
        {steps.map((s, i) => (
          <Group component="li" key={s.title} align="flex-start" wrap="nowrap" gap="md">
            <ThemeIcon size={34} radius="xl" variant="white" c="ink.7" fw={900} aria-hidden="true">
              {i + 1}
            </ThemeIcon>
            <div>
              <Text fw={800}>{s.title}</Text>
              <Text c="dark.4" fz="sm">
                {s.text}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
