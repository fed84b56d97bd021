import { Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import classes from './countdown.module.css';

/**
 * the pre-game countdown: one big number per second. without `seconds` (a solo game the server has
 * not started yet) it is the same frame with dots in the ring: the hint shows from the page's first
 * render, and the countdown then fills in the ring without redrawing the rest (the hint is the
 * page's largest text: it was painted seconds late, after the socket had joined; issue 22)
 */
export function Countdown({
  seconds,
  hint = 'Turn your sound on: the first word is coming.',
}: {
  seconds?: number;
  hint?: string;
}) {
  const waiting = seconds === undefined;
  return (
    <Stack align="center" gap="xs" py="xl">
      <Text fw={800} c="dimmed" tt="uppercase" fz="sm" style={{ letterSpacing: '0.14em' }}>
        Get ready
      </Text>
      <div className={classes.ring}>
        {/* remounted each second for its animation, so screen readers get the stable region below */}
        {waiting ? (
          <Loader size="lg" type="dots" />
        ) : (
          <span key={seconds} className={classes.number} aria-hidden>
            {seconds}
          </span>
        )}
      </div>
      <VisuallyHidden
        role={waiting ? 'status' : 'timer'}
        aria-live={waiting ? 'polite' : 'assertive'}
        aria-atomic
      >
        {waiting ? 'Getting your game ready…' : seconds}
      </VisuallyHidden>
      <Text c="dimmed" ta="center" maw={300}>
        {hint}
      </Text>
    </Stack>
  );
}
