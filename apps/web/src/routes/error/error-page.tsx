import { Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { TEXTS } from '@sayspell/core/constants';
import { Link, useRouteError } from 'react-router';
import { describeError } from './describe-error.ts';

/** the error page (§2, §8): the message as title; on 404 the spec's text and a way home */
export function ErrorPage() {
  const { status, title } = describeError(useRouteError());
  const notFound = status === 404;
  return (
    <Center py={{ base: 'xl', sm: 64 }} px="md">
      <Card w="100%" maw={480} p={{ base: 'lg', sm: 40 }} shadow="md">
        <Stack align="center" ta="center" gap="md">
          <Text fw={900} fz={64} lh={1} c="ink.6" aria-hidden="true" style={{ letterSpacing: '-0.04em' }}>
            {status}
          </Text>
          <Title order={1} fz="h2">
            {title}
          </Title>
          {notFound ? (
            <Text c="dimmed">{TEXTS.pageNotFound}</Text>
          ) : (
            <Text c="dimmed">Sorry about that. Try again in a moment.</Text>
          )}
          <Group justify="center" mt="sm">
            {!notFound && (
              <Button variant="light" onClick={() => window.location.reload()}>
                Try again
              </Button>
            )}
            <Button component={Link} to="/">
              Back to home
            </Button>
          </Group>
        </Stack>
      </Card>
    </Center>
  );
}
