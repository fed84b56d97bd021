import { Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LineIcon } from '../../components/line-icon.tsx';

/**
 * a game that ended early, told in the player's own words (the partner left, or they lost the
 * connection), with the way on to the results once the server has finished the game
 */
export function GameEndedCard(props: {
  icon: string;
  title: string;
  text: ReactNode;
  resultsId: string | null;
  resultsState?: Record<string, unknown>;
}) {
  const { resultsId } = props;
  return (
    <Card maw={520} mx="auto" p={{ base: 'lg', sm: 'xl' }} shadow="md">
      <Stack align="center" gap="md" ta="center" role="alert">
        <ThemeIcon size={56} radius="xl" color="orange" variant="light" aria-hidden="true">
          <LineIcon d={props.icon} size={28} strokeWidth={2} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {props.title}
        </Title>
        <Text c="dimmed">{resultsId ? props.text : 'We are closing the game…'}</Text>
        <Group justify="center" gap="sm">
          {resultsId ? (
            <Button component={Link} to={`/results/${resultsId}`} replace state={props.resultsState}>
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
