import { Box, Center, Text, VisuallyHidden } from '@mantine/core';
import { formatClock } from './server-clock.ts';

function colorFor(fraction: number): string {
  if (fraction > 0.33) return 'ink.5';
  if (fraction > 0.12) return 'orange.5';
  return 'red.6';
}

/**
 * the game clock as a ring that empties towards the deadline. drawn here rather than with mantine's
 * RingProgress, which brings its tooltips and floating-ui (15 KB gzip) into the game (issue 22)
 */
export function GameTimer({
  secondsLeft,
  totalSeconds,
  size = 132,
}: {
  secondsLeft: number;
  totalSeconds: number;
  size?: number;
}) {
  const fraction = Math.max(0, Math.min(1, totalSeconds > 0 ? secondsLeft / totalSeconds : 0));
  const color = colorFor(fraction);
  const thickness = size / 11;
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const ring = { cx: size / 2, cy: size / 2, r: radius, fill: 'none', strokeWidth: thickness };
  return (
    <>
      <TimerWarning secondsLeft={secondsLeft} totalSeconds={totalSeconds} />
      <Box pos="relative" w={size} h={size}>
        <svg
          width={size}
          height={size}
          viewBox={`0 0 ${size} ${size}`}
          style={{ transform: 'rotate(-90deg)', display: 'block' }}
          aria-hidden="true"
        >
          <circle {...ring} stroke="var(--mantine-color-ink-0)" />
          {fraction > 0 && (
            <circle
              {...ring}
              stroke={`var(--mantine-color-${color.replace('.', '-')})`}
              strokeLinecap="round"
              strokeDasharray={circumference}
              strokeDashoffset={circumference * (1 - fraction)}
              // a short ease once a second, not a 900 ms slide: the slide repainted the ring at every
              // frame of the game (an idle game's renderer 2.4-2.8 s of cpu per 10 s, 0.9-1.0 s now)
              style={{ transition: 'stroke-dashoffset 150ms ease-out, stroke 300ms ease' }}
            />
          )}
        </svg>
        <Center pos="absolute" inset={0}>
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
        </Center>
      </Box>
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
