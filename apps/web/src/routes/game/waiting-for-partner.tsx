import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

// a partner who has not arrived after this long may not be coming
const LATE_MS = 20_000;

/** a partnered game waits here until both players have handshaken (§4) */
export function WaitingForPartner() {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLate(true), LATE_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <Stack align="center" gap="md" py={48} ta="center" role="status">
      <Loader size="lg" type="dots" />
      <Text fw={800} fz="lg">
        Waiting for your partner…
      </Text>
      <Text c="dimmed" fz="sm" maw={340}>
        {late
          ? 'Your partner is taking a while. You can leave the game and find someone else.'
          : 'The game starts as soon as you are both here.'}
      </Text>
    </Stack>
  );
}
