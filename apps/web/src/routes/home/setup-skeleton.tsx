import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';

// issue 22: what the game setup looks like while its data (the player's saved settings, the
// languages) is on its way: the same labels and the same heights as the form, so nothing moves
// when it comes. it is part of the first download (the app shell's fallback shows it too), so it
// uses only what the entry already has, plus mantine's small Skeleton

function Field({ label, height }: { label: string; height: number }) {
  return (
    <Stack gap={6}>
      <Text component="span" fw={700} fz="sm" lh={1.55}>
        {label}
      </Text>
      <Skeleton h={height} radius="xl" />
    </Stack>
  );
}

/** the setup form's place holder: its fields' labels, grey bars for the controls */
export function SetupFormSkeleton() {
  return (
    <Stack gap="md" aria-hidden="true">
      <Field label="Difficulty" height={38} />
      <div className="pair-grid">
        <Field label="Source" height={42} />
        <Field label="Category" height={42} />
      </div>
      <Field label="Language" height={42} />
      <Field label="Mode" height={38} />
      <Field label="Role" height={38} />
      <Skeleton h={50} radius="xl" mt="xs" />
    </Stack>
  );
}

/** the whole setup card while the home page itself is still loading (the shell's fallback) */
export function SetupCardSkeleton() {
  return (
    <Card className="card-padding" shadow="md">
      <Title order={2} fz="h3" mb="md">
        Set up your game
      </Title>
      <SetupFormSkeleton />
    </Card>
  );
}
