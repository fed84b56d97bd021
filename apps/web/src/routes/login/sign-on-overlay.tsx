import { Loader, Overlay, Stack, Text } from '@mantine/core';

/** the single sign-on overlay spinner (§2) while the provider's answer is checked */
export function SignOnOverlay({ label }: { label: string }) {
  return (
    <Overlay fixed color="#fff" backgroundOpacity={0.92} blur={2} zIndex={300} center>
      <Stack align="center" gap="md" role="status" aria-live="polite">
        <Loader size="lg" />
        <Text fw={700} fz="lg">
          {label}
        </Text>
      </Stack>
    </Overlay>
  );
}
