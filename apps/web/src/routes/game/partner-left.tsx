import { Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LineIcon } from '../../components/line-icon.tsx';

/** shown to the player who stayed when their partner left for good (§4), before the results */
export function PartnerLeft({ resultsId }: { resultsId: string | null }) {
  return (
    <Card maw={520} mx="auto" p={{ base: 'lg', sm: 'xl' }} shadow="md">
      <Stack align="center" gap="md" ta="center" role="alert">
        <ThemeIcon size={56} radius="xl" color="orange" variant="light" aria-hidden="true">
          <LineIcon
            d="M9 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21c0-4 3-6 7-6 1.5 0 2.8.3 4 .9M16 13l5 5M21 13l-5 5"
            size={28}
            strokeWidth={2}
          />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Your partner left the game
        </Title>
        <Text c="dimmed">
          {resultsId
            ? 'The game is over. Here come the words you played together…'
            : 'We are closing the game…'}
        </Text>
        <Group justify="center" gap="sm">
          {resultsId ? (
            <Button component={Link} to={`/results/${resultsId}`} replace state={{ partnerLeft: true }}>
              See results
            </Button>
          ) : (
            <Loader size="sm" type="dots" />
          )}
          <Button component={Link} to="/" variant="light">
            Back to home
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
