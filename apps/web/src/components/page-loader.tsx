import { Center, Loader, Stack } from '@mantine/core';
import { LogoMark } from './logo.tsx';

/** shown while the first page's data loads */
export function PageLoader() {
  return (
    <Center h="100dvh">
      <Stack align="center" gap="lg" role="status" aria-label="Loading SaySpell">
        <LogoMark size={64} />
        <Loader type="dots" />
      </Stack>
    </Center>
  );
}
