import { Alert, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { categoryLabel } from '@sayspell/core/rules/options';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { AudioSetupButton } from '../../audio/audio-setup-button.tsx';
import { capitalise } from '../../components/capitalise.ts';
import { LogoMark } from '../../components/logo.tsx';
import { formatClock } from '../game/server-clock.ts';
import type { MatchSettings } from '../home/setup-options.ts';
import classes from './matching.module.css';
import type { MatchingLoaderData } from './matching-loader.ts';
import { useMatching } from './use-matching.ts';

// after this long, a tip on finding a partner sooner
const TIP_AFTER_SECONDS = 30;

const ROLE_TEXT: Record<MatchSettings['role'], string> = {
  speaker: 'You will see the words and say them.',
  speller: 'Your partner will say the words; you spell them.',
  either: 'You will speak or spell, whichever your partner needs.',
};

/** /matching: waits in the match queue until the server pairs us, then moves to /game (§2, §4) */
export function MatchingPage() {
  const { settings } = useLoaderData() as MatchingLoaderData;
  const navigate = useNavigate();
  const { state, cancel, retry } = useMatching(settings, () => navigate('/game', { replace: true }));
  const seconds = useSecondsSince(state.kind === 'waiting');

  async function onCancel() {
    await cancel();
    navigate('/', { replace: true });
  }

  if (state.kind === 'error') {
    return (
      <Box maw={520} mx="auto">
        <Alert color="red" radius="lg" title="We could not look for a partner">
          <Stack gap="sm" align="flex-start">
            <Text>{state.message}</Text>
            <Group gap="sm">
              <Button onClick={retry}>Try again</Button>
              <Button component={Link} to="/" variant="light">
                Back to home
              </Button>
            </Group>
          </Stack>
        </Alert>
      </Box>
    );
  }

  const matched = state.kind === 'matched';
  return (
    <Box maw={560} mx="auto">
      <Card p={{ base: 'lg', sm: 40 }} shadow="md">
        <Stack align="center" gap="lg" ta="center">
          <div className={classes.beacon} aria-hidden="true">
            <span className={classes.ring} />
            <span className={classes.ring} />
            <span className={classes.ring} />
            <span className={classes.core}>
              <LogoMark size={48} />
            </span>
          </div>

          <Stack gap={6} align="center" role="status" aria-live="polite">
            <Title order={1} fz="h2">
              {matched ? 'Partner found!' : 'Finding you a partner…'}
            </Title>
            <Text c="dimmed" maw={380}>
              {matched
                ? 'Taking you to the game.'
                : state.kind === 'connecting'
                  ? 'Connecting to SaySpell…'
                  : 'Hang tight: the game starts as soon as another player is ready.'}
            </Text>
          </Stack>

          {state.kind === 'waiting' && (
            <Text fw={800} c="ink.7" fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
              Waiting {formatClock(seconds)}
            </Text>
          )}

          <Box w="100%" p="md" bg="ink.0" style={{ borderRadius: 'var(--mantine-radius-lg)' }}>
            <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" component="dl" m={0}>
              <Setting label="Role" value={capitalise(settings.role)} />
              <Setting label="Category" value={categoryLabel(settings.category)} />
              <Setting label="Difficulty" value={capitalise(settings.difficulty)} />
              <Setting label="Language" value={settings.language} />
            </SimpleGrid>
            <Text fz="sm" c="dark.4" mt="sm">
              {ROLE_TEXT[settings.role]}
            </Text>
          </Box>

          {seconds >= TIP_AFTER_SECONDS && !matched && (
            <Alert color="yellow" radius="lg" p="sm" w="100%">
              Tip: the Random category and the Either role find a partner fastest.
            </Alert>
          )}

          <Group gap="sm" justify="center">
            {/* the wait is the time to check the microphone and speakers for the call */}
            <AudioSetupButton size="md" />
            <Button variant="default" size="md" onClick={() => void onCancel()} disabled={matched}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Card>
    </Box>
  );
}

function Setting({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" fz="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={800} c="ink.9">
        {value}
      </Text>
    </div>
  );
}

/** whole seconds since `running` last became true; 0 while it is false */
function useSecondsSince(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    setSeconds(0);
    if (!running) return;
    const since = Date.now();
    const timer = window.setInterval(() => setSeconds(Math.floor((Date.now() - since) / 1000)), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return seconds;
}
