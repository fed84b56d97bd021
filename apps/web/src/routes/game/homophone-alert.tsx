import { Alert } from '@mantine/core';

/** shown while the current word has homophones (§4): any of its spellings counts */
export function HomophoneAlert() {
  return (
    <Alert
      color="yellow"
      radius="lg"
      p="sm"
      title="Soundalike!"
      role="status"
      // the light yellow's own title colour is too faint on its background (contrast 2.8:1)
      styles={{ title: { marginBottom: 2, color: 'var(--mantine-color-text)' } }}
    >
      This word sounds like another word — either spelling counts.
    </Alert>
  );
}
