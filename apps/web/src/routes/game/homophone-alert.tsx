import { Alert } from '@mantine/core';

export function HomophoneAlert() {
  return (
    <Alert color="yellow" radius="lg" title="Soundalike!" role="status">
      This word sounds like another word — either spelling counts.
    </Alert>
  );
}
