import { Alert } from '@mantine/core';

/**
 * shown while the current word has homophones (§4): any of its spellings counts. compact: one
 * short line, for a screen the keyboard has shortened (the clock and the guess box come first)
 */
export function HomophoneAlert({ compact = false }: { compact?: boolean }) {
  return (
    <Alert
      color="yellow"
      radius="lg"
      p={compact ? 6 : 'sm'}
      title="Soundalike!"
      role="status"
      // the light yellow's own title colour is too faint on its background (contrast 2.8:1)
      styles={{
        title: { marginBottom: compact ? 0 : 2, color: 'var(--mantine-color-text)' },
        ...(compact && {
          wrapper: { alignItems: 'baseline', gap: 6 },
          body: { flexDirection: 'row', gap: 6, alignItems: 'baseline', justifyContent: 'center' },
          message: { fontSize: 'var(--mantine-font-size-sm)' },
        }),
      }}
    >
      {compact ? 'Either spelling counts.' : 'This word sounds like another word — either spelling counts.'}
    </Alert>
  );
}
