import { Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { TEXTS } from '@sayspell/core/constants';

/** the spec's offline notice; it closes by itself when the connection is back */
export function OfflinePopup() {
  const { online } = useNetwork();
  return (
    <Modal
      opened={!online}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      radius="lg"
      title={TEXTS.networkUnavailableTitle}
      styles={{ title: { fontWeight: 800, fontSize: '1.15rem' } }}
    >
      <Stack align="center" gap="md" pb="xs">
        <ThemeIcon size={56} radius="xl" color="orange" variant="light" aria-hidden="true">
          <svg
            width="30"
            height="30"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path
              d="M2 8.8a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0"
              strokeLinecap="round"
            />
            <path d="M3 3l18 18" strokeLinecap="round" />
          </svg>
        </ThemeIcon>
        <Text ta="center" role="alert">
          {TEXTS.networkUnavailable}
        </Text>
      </Stack>
    </Modal>
  );
}
