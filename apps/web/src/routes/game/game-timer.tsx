import { RingProgress, Text, VisuallyHidden } from '@mantine/core';
import { formatClock } from './server-clock.ts';

function colorFor(fraction: number): string {
  if (fraction > 0.33) return 'ink.5';
  if (fraction > 0.12) return 'orange.5';
  return 'red.6';
}

/** the game clock as a ring that empties towards the deadline */
export function GameTimer({
  secondsLeft,
  totalSeconds,
  size = 132,
}: {
  secondsLeft: number;
  totalSeconds: number;
  size?: number;
}) {
  const fraction = totalSeconds > 0 ? secondsLeft / totalSeconds : 0;
  const color = colorFor(fraction);
  return (
    <>
      <TimerWarning secondsLeft={secondsLeft} totalSeconds={totalSeconds} />
      <RingProgress
        size={size}
        thickness={size / 11}
        roundCaps
        rootColor="ink.0"
        transitionDuration={900}
        sections={[{ value: Math.max(0, Math.min(100, fraction * 100)), color }]}
        label={
          <Text
            ta="center"
            fw={900}
            fz={size / 4.6}
            c={fraction > 0.12 ? 'ink.9' : 'red.7'}
            style={{ fontVariantNumeric: 'tabular-nums' }}
            role="timer"
            aria-label={`${formatClock(secondsLeft)} left`}
          >
            {formatClock(secondsLeft)}
          </Text>
        }
      />
    </>
  );
}

// screen readers hear the clock at these points, not every second (the ring is role="timer")
const WARNINGS = [30, 10];

/** a live region that says "30 seconds left" and "10 seconds left" once each */
export function TimerWarning({ secondsLeft, totalSeconds }: { secondsLeft: number; totalSeconds: number }) {
  const due = WARNINGS.filter((w) => w < totalSeconds && secondsLeft <= w && secondsLeft > 0);
  const last = due.at(-1);
  return (
    <VisuallyHidden aria-live="assertive" role="status">
      {last !== undefined ? `${last} seconds left` : ''}
    </VisuallyHidden>
  );
}
