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
      styles={{ title: { marginBottom: 2 } }}
    >
      This word sounds like another word — either spelling counts.
    </Alert>
  );
}
