import { RingProgress, Stack, Text } from '@mantine/core';
import { isScoreShown, type Score, type ScoreColor, scoreColor } from '@sayspell/core/rules/score';

export const SCORE_COLORS: Record<ScoreColor, string> = { bad: 'red', meh: 'orange', good: 'teal' };
const VERDICTS: Record<ScoreColor, string> = {
  bad: 'Keep practising!',
  meh: 'Getting there!',
  good: 'Brilliant spelling!',
};

/** the results score circle (§2), coloured by how well it went (§5); hidden when there is no score */
export function ScoreCircle({ score, size = 180 }: { score: Score; size?: number }) {
  if (!isScoreShown(score)) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        No words were spelled in this game.
      </Text>
    );
  }
  const bucket = scoreColor(score.ratio);
  const color = SCORE_COLORS[bucket];
  const percent = Math.round(score.ratio * 100);
  return (
    <Stack align="center" gap={4} data-score={bucket}>
      <RingProgress
        size={size}
        thickness={size / 10}
        roundCaps
        rootColor={`${color}.1`}
        sections={percent > 0 ? [{ value: percent, color: `${color}.6` }] : []}
        label={
          // "100%" has one digit more: a smaller size keeps it inside the ring
          <Text ta="center" fw={900} fz={size / (percent === 100 ? 5.6 : 4.5)} c={`${color}.8`} lh={1}>
            {percent}%
          </Text>
        }
        aria-label={`Score ${percent} percent`}
      />
      <Text fw={900} fz="xl" c={`${color}.8`}>
        {VERDICTS[bucket]}
      </Text>
    </Stack>
  );
}
