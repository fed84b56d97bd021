import { Group, Text } from '@mantine/core';
import { PRODUCT } from '@sayspell/core/constants';

/** the mark (a speech-bubble "S" with a spark) and the word SaySpell */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="var(--mantine-color-ink-6)" />
      <path
        d="M20 40c0 5 5 8 12 8s12-3 12-9c0-12-23-7-23-17 0-4 4-7 10-7 5 0 9 2 10 6"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="48" cy="16" r="5" fill="var(--mantine-color-yellow-4)" />
    </svg>
  );
}

export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} />
      <Text component="span" fw={900} fz={size * 0.7} c="ink.8" lh={1} style={{ letterSpacing: '-0.02em' }}>
        {PRODUCT}
      </Text>
    </Group>
  );
}
