import { Stack, Text, VisuallyHidden } from '@mantine/core';
import classes from './countdown.module.css';

/** the pre-game countdown: one big number per second */
export function Countdown({
  seconds,
  hint = 'Turn your sound on: the first word is coming.',
}: {
  seconds: number;
  hint?: string;
}) {
  return (
    <Stack align="center" gap="xs" py="xl">
      <Text fw={800} c="dimmed" tt="uppercase" fz="sm" style={{ letterSpacing: '0.14em' }}>
        Get ready
      </Text>
      <div className={classes.ring}>
        {/* remounted each second for its animation, so screen readers get the stable region below */}
        <span key={seconds} className={classes.number} aria-hidden>
          {seconds}
        </span>
      </div>
      <VisuallyHidden role="timer" aria-live="assertive" aria-atomic>
        {seconds}
      </VisuallyHidden>
      <Text c="dimmed" ta="center" maw={300}>
        {hint}
      </Text>
    </Stack>
  );
}
