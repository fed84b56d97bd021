import { Group, Text, ThemeIcon } from '@mantine/core';

/**
 * the speller's cue in a partnered game: the word comes from the partner's voice, not from us.
 * compact (a short screen): the heading only
 */
export function ListenToPartner({ compact = false }: { compact?: boolean }) {
  return (
    <Group justify="center" gap="sm" wrap="nowrap">
      <ThemeIcon size={40} radius="xl" variant="light" aria-hidden="true">
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M6 8.5a6 6 0 1 1 12 0c0 3.5-3 4.5-3.5 7.5a3.5 3.5 0 0 1-6.6 1.4" />
          <path d="M9.5 9a2.5 2.5 0 1 1 5 0c0 1.2-1 1.8-1.6 2.4" />
        </svg>
      </ThemeIcon>
      <div>
        <Text fw={800} c="ink.8" lh={1.3}>
          Listen to your partner
        </Text>
        {!compact && (
          <Text fz="sm" c="dimmed" lh={1.3}>
            They can see the word; you spell what you hear.
          </Text>
        )}
      </div>
    </Group>
  );
}
