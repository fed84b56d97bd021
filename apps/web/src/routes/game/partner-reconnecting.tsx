import { Alert, Text, VisuallyHidden } from '@mantine/core';

// shown to the player who stayed while their partner's network is away (issue 20): the game
// waits for them until `until` (server clock) and its own clock keeps running. the countdown is
// visible every second; screen readers hear it when it starts and every 15 s, not every second

const ANNOUNCE_EVERY_S = 15;

const clockText = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export function PartnerReconnecting({ until, now }: { until: number; now: number }) {
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const announced = Math.ceil(left / ANNOUNCE_EVERY_S) * ANNOUNCE_EVERY_S;
  return (
    <Alert color="orange" radius="lg" variant="light" data-testid="partner-reconnecting">
      <Text fw={700} aria-hidden="true">
        Your partner is reconnecting — the game waits {clockText(left)}
      </Text>
      <Text fz="sm" c="dimmed" aria-hidden="true">
        The clock keeps running. Their word is still there when they are back.
      </Text>
      <VisuallyHidden role="status" aria-live="polite">
        Your partner is reconnecting. The game waits up to {clockText(announced)}.
      </VisuallyHidden>
    </Alert>
  );
}
