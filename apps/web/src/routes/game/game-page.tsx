import { Alert, Badge, Box, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { categoryLabel } from '@sayspell/core/rules/options';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { getGame } from '../../api/games.ts';
import { notifyError } from '../../api/notify-error.ts';
import { capitalise } from '../../components/capitalise.ts';
import { useGameChannel } from '../../realtime/use-game-channel.ts';
import { playBuzzer } from './buzzer.ts';
import { Countdown } from './countdown.tsx';
import type { GameLoaderData } from './game-loader.ts';
import { GameTimer } from './game-timer.tsx';
import { GuessInput } from './guess-input.tsx';
import { HomophoneAlert } from './homophone-alert.tsx';
import { PreviousWord } from './previous-word.tsx';
import { gamePhase } from './server-clock.ts';
import { useLeaveGame } from './use-leave-game.ts';
import { useServerNow } from './use-server-now.ts';
import { useWordAudio } from './use-word-audio.ts';
import { VoiceButton } from './voice-button.tsx';

const WAITING = 'Waiting on Next Word';
// if the server's finish has not reached us this long after the deadline, ask for the game
const FINISH_GRACE_MS = 3000;

export function GamePage() {
  const { game } = useLoaderData() as GameLoaderData;
  return <GameScreen key={game._id} initial={game} />;
}

function GameScreen({ initial }: { initial: GameLoaderData['game'] }) {
  const navigate = useNavigate();
  const toResults = (id: string) => navigate(`/results/${id}`, { replace: true });
  const leave = useLeaveGame(initial._id, initial.finished);
  const { game, offset, connected, error, guess } = useGameChannel(initial, (f) => {
    leave.markFinished();
    toResults(f.id);
  });
  const now = useServerNow(offset, game.startsAt);
  const phase = gamePhase(game, now);
  const [submitting, setSubmitting] = useState(false);

  const current = phase.kind === 'playing' ? game.current : null;
  const voice = useWordAudio(current?.audio ?? null);
  const active = current !== null && !submitting && connected;

  // biome-ignore lint/correctness/useExhaustiveDependencies: navigate once, when the game ends
  useEffect(() => {
    if (!game.finished) return;
    leave.markFinished();
    toResults(game._id);
  }, [game.finished, game._id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one check per deadline
  useEffect(() => {
    if (phase.kind !== 'over' || game.finished) return;
    const timer = window.setTimeout(() => {
      getGame(game._id)
        .then((g) => {
          if (!g.finished) return;
          leave.markFinished();
          toResults(g._id);
        })
        .catch(() => {});
    }, FINISH_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, [phase.kind, game.finished, game._id]);

  async function submit(text: string) {
    if (!current) return;
    setSubmitting(true);
    try {
      const next = await guess(current.index, text);
      playBuzzer(next.words[current.index]?.correct === true);
    } catch (err) {
      notifyError(err, 'Your guess was not sent');
    } finally {
      setSubmitting(false);
    }
  }

  const total = game.words.length;
  const wordNumber = Math.min(game.currentIndex + 1, total);
  const last = game.currentIndex > 0 ? game.words[game.currentIndex - 1] : undefined;

  let status = WAITING;
  if (phase.kind === 'over') status = 'Time’s up!';
  else if (!connected && phase.kind !== 'waiting') status = 'Reconnecting…';
  else if (active) status = 'Type the word you hear, then press Enter';

  if (error) {
    return (
      <Box maw={520} mx="auto">
        <Alert color="red" radius="lg" title="This game cannot go on">
          <Stack gap="sm" align="flex-start">
            <Text>{error}</Text>
            <Button component={Link} to="/">
              Back to home
            </Button>
          </Stack>
        </Alert>
      </Box>
    );
  }

  return (
    <Box maw={560} mx="auto">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Badge size="lg" variant="light" radius="xl" tt="none">
            {categoryLabel(game.category)} · {capitalise(game.difficulty)}
          </Badge>
          {phase.kind !== 'waiting' && phase.kind !== 'countdown' && (
            <Text fw={800} c="ink.8" aria-live="polite">
              Word {wordNumber} of {total}
            </Text>
          )}
        </Group>

        <Card p={{ base: 'lg', sm: 'xl' }} shadow="md">
          {phase.kind === 'waiting' && (
            <Stack align="center" gap="md" py={48} role="status">
              <Loader size="lg" type="dots" />
              <Text fw={700}>Getting your game ready…</Text>
            </Stack>
          )}
          {phase.kind === 'countdown' && <Countdown seconds={phase.seconds} />}
          {(phase.kind === 'playing' || phase.kind === 'over') && (
            <Stack gap="lg">
              <Group justify="center">
                <GameTimer
                  secondsLeft={phase.kind === 'playing' ? phase.secondsLeft : 0}
                  totalSeconds={phase.kind === 'playing' ? phase.totalSeconds : Number(game.gameTimer)}
                />
              </Group>
              <VoiceButton state={voice.state} onPlay={() => void voice.replay()} />
              {current?.hasHomonyms && <HomophoneAlert />}
              <GuessInput active={active} status={status} onSubmit={(g) => void submit(g)} />
            </Stack>
          )}
        </Card>

        {last && <PreviousWord entry={last} />}

        <Group justify="center">
          <Button variant="subtle" color="gray" onClick={() => navigate('/')}>
            Leave game
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
