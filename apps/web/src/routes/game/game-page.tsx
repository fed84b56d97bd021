import { Alert, Badge, Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { FinishGame } from '@sayspell/core/protocol/socket';
import { categoryLabel } from '@sayspell/core/rules/options';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { getGame } from '../../api/games.ts';
import { notifyError } from '../../api/notify-error.ts';
import { useCall } from '../../call/use-call.ts';
import { useCallDown } from '../../call/use-call-down.ts';
import { capitalise } from '../../components/capitalise.ts';
import { usePrepareInterstitial } from '../../platform/use-interstitial.ts';
import { useGameChannel } from '../../realtime/use-game-channel.ts';
import { useGameTitle } from '../../social/tab-title.ts';
import { playBuzzer } from './buzzer.ts';
import { ConnectionLost } from './connection-lost.tsx';
import { Countdown } from './countdown.tsx';
import type { GameLoaderData } from './game-loader.ts';
import { GameTimer } from './game-timer.tsx';
import { GuessInput } from './guess-input.tsx';
import { HomophoneAlert } from './homophone-alert.tsx';
import { LeaveConfirm } from './leave-confirm.tsx';
import { ListenToPartner } from './listen-to-partner.tsx';
import { PartnerLeft } from './partner-left.tsx';
import { PartnerReconnecting } from './partner-reconnecting.tsx';
import { type PlayerRole, playerRole, ROLE_NAMES } from './player-role.ts';
import { PreviousWord } from './previous-word.tsx';
import { gamePhase } from './server-clock.ts';
import { SpeakerWord } from './speaker-word.tsx';
import { useLeaveGame } from './use-leave-game.ts';
import { useServerNow } from './use-server-now.ts';
import { useVisibleSize } from './use-visible-size.ts';
import { useWordAudio } from './use-word-audio.ts';
import { VoiceButton } from './voice-button.tsx';
import { WaitingForPartner } from './waiting-for-partner.tsx';

// the call's bar (with its tooltips: floating-ui) is a partnered game's: a solo game never loads it
const CallBar = lazy(async () => ({ default: (await import('../../call/call-bar.tsx')).CallBar }));
// what a spelling bee lets a solo speller ask (issue 17): loaded with the first solo word
const BeeAsks = lazy(async () => ({ default: (await import('../../learning/bee-asks.tsx')).BeeAsks }));
const AudioSetupButton = lazy(async () => ({
  default: (await import('../../audio/audio-setup-button.tsx')).AudioSetupButton,
}));
// not part of the game's first download (issue 22): the sound settings' popover (mantine's
// popover, slider and switch, and floating-ui: ~30 KB gzip) shows a moment after the page, and the
// speaker's pronunciation check (recording, speech recognition) only comes with a speaker's turn
const SoundControl = lazy(async () => ({
  default: (await import('../../audio/sound-control.tsx')).SoundControl,
}));
const PronunciationCheck = lazy(async () => ({
  default: (await import('../../speech/pronunciation-check.tsx')).PronunciationCheck,
}));

const WAITING = 'Waiting on Next Word';
// below this visible height (a phone with its keyboard up, or turned sideways) the game is compact
const COMPACT_BELOW_PX = 640;
// the clock scrolls to just under the app's header (64 px)
const CLOCK_SCROLL_MARGIN = 72;
// if the server's finish has not reached us this long after the deadline, ask for the game
const FINISH_GRACE_MS = 3000;
// how long "your partner left" stays up before the results
const PARTNER_LEFT_PAUSE_MS = 2500;

const COUNTDOWN_HINTS: Record<PlayerRole, string> = {
  solo: 'Turn your sound on: the first word is coming.',
  speaker: 'Get ready to say the first word out loud.',
  speller: 'Listen closely: your partner says the first word.',
};

const PLAYING_STATUS: Record<Exclude<PlayerRole, 'speaker'>, string> = {
  solo: 'Type the word you hear, then press Enter',
  speller: 'Type the word your partner says, then press Enter',
};

// what a finished game changes
const STATS_KEYS = [['history'], ['leaderboard'], ['giftcards']];

export function GamePage() {
  const { game, me } = useLoaderData() as GameLoaderData;
  return <GameScreen key={game._id} initial={game} me={me} />;
}

function GameScreen({ initial, me }: { initial: GameLoaderData['game']; me: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const role = playerRole(initial, me);
  const leave = useLeaveGame(initial._id, initial.finished);
  // in the mobile apps, the ad shown with the results loads while the game is played
  usePrepareInterstitial(initial.finished ? null : initial._id);
  const [ended, setEnded] = useState<FinishGame['reason'] | null>(null);
  const [partnerGone, setPartnerGone] = useState(false);
  const { game, offset, connected, error, away, droppedOut, guess } = useGameChannel(initial, {
    me,
    onFinish: (f) => setEnded(f.reason ?? 'time'),
    onMemberRemoved: (userId) => {
      if (userId !== me) setPartnerGone(true);
    },
  });
  const now = useServerNow(offset, game.startsAt);
  const phase = gamePhase(game, now);
  const [submitting, setSubmitting] = useState(false);
  const visible = useVisibleSize();
  const compact = visible.height < COMPACT_BELOW_PX;
  const clockRef = useRef<HTMLDivElement>(null);
  const clockShown = phase.kind === 'playing';
  // when the keyboard comes up (or the phone turns), the clock scrolls back under the header, with
  // the guess box below it: both stay in sight while the player types
  // biome-ignore lint/correctness/useExhaustiveDependencies: again on every change of the visible size
  useEffect(() => {
    if (compact && clockShown) clockRef.current?.scrollIntoView?.({ block: 'start' });
  }, [compact, clockShown, visible]);

  const current = phase.kind === 'playing' ? game.current : null;
  // partners talk over a call while the game is on; leaving /game hangs up (§4)
  const call = useCall(game._id, role !== 'solo' && !game.finished && ended === null);
  // when the call drops mid-game, the app's voice says the word to the speller (no round lost)
  const callDown = useCallDown(call, role === 'speller' && phase.kind === 'playing');
  const voice = useWordAudio(role === 'solo' || callDown ? (current?.audio ?? null) : null);
  const active = current !== null && !submitting && connected;
  const over = game.finished || ended !== null;
  // the tab shows the word and the clock while playing (issue 15 item 9)
  const words = game.words.length;
  useGameTitle(
    phase.kind === 'playing'
      ? `Word ${Math.min(game.currentIndex + 1, words)} of ${words} · ${phase.secondsLeft} s left`
      : null,
  );
  const partnerLeft =
    role !== 'solo' && (partnerGone || ended === 'partner-left' || game.endedReason === 'partner-left');

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the game ends
  useEffect(() => {
    if (!over) return;
    leave.markFinished();
    for (const queryKey of STATS_KEYS) void queryClient.invalidateQueries({ queryKey });
    const toResults = () =>
      navigate(`/results/${game._id}`, {
        replace: true,
        state: partnerLeft && !droppedOut ? { partnerLeft: true } : null,
      });
    if (!partnerLeft) {
      toResults();
      return;
    }
    // the one who stayed reads why the game stopped, then sees what was played
    const timer = window.setTimeout(toResults, PARTNER_LEFT_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [over, partnerLeft, game._id]);

  // past the deadline, or the partner gone, and still no finish from the server: ask for the game
  const stalled = !over && (phase.kind === 'over' || partnerGone);
  useEffect(() => {
    if (!stalled) return;
    const timer = window.setTimeout(() => {
      getGame(game._id)
        .then((g) => {
          if (g.finished) setEnded(g.endedReason ?? 'time');
        })
        .catch(() => {});
    }, FINISH_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, [stalled, game._id]);

  // the speaker hears the buzzer for each of the partner's guesses (§4)
  const seenIndex = useRef(game.currentIndex);
  useEffect(() => {
    if (role === 'speaker' && game.currentIndex > seenIndex.current) {
      playBuzzer(game.words[game.currentIndex - 1]?.correct === true);
    }
    seenIndex.current = game.currentIndex;
  }, [role, game.currentIndex, game.words]);

  async function submit(text: string) {
    if (!current) return;
    setSubmitting(true);
    try {
      const answered = await guess(current.index, text);
      playBuzzer(answered?.correct === true);
    } catch (err) {
      notifyError(err, 'Your guess was not confirmed');
    } finally {
      setSubmitting(false);
    }
  }

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

  if (partnerLeft && droppedOut) return <ConnectionLost resultsId={over ? game._id : null} />;
  if (partnerLeft) return <PartnerLeft resultsId={over ? game._id : null} />;

  const total = game.words.length;
  const wordNumber = Math.min(game.currentIndex + 1, total);
  const last = game.currentIndex > 0 ? game.words[game.currentIndex - 1] : undefined;

  let status = WAITING;
  if (phase.kind === 'over') status = 'Time’s up!';
  else if (!connected && phase.kind !== 'waiting') status = 'Reconnecting…';
  else if (active && role !== 'speaker') status = PLAYING_STATUS[role];

  // what tells the player where the word comes from: our voice, the partner, or the word itself
  let cue: ReactNode = null;
  if (role === 'solo')
    cue = (
      <Stack gap="sm" align="center">
        <VoiceButton state={voice.state} onPlay={() => void voice.replay()} />
        {/* the asks need room: with the keyboard up (or the phone sideways) the clock and the box
            come first, and the 360x640 phone's box went out of sight under them */}
        {current && !compact && (
          <Suspense fallback={null}>
            <BeeAsks gameId={game._id} index={current.index} />
          </Suspense>
        )}
      </Stack>
    );
  else if (role === 'speller')
    cue = callDown ? (
      <Stack gap={6} align="center">
        <VoiceButton state={voice.state} onPlay={() => void voice.replay()} />
        <Text fz="sm" c="dimmed" ta="center" role="status">
          The call dropped, so the app's voice says the word.
        </Text>
      </Stack>
    ) : (
      <ListenToPartner compact={compact} />
    );
  else
    cue = current?.word ? (
      <SpeakerWord current={current} gameId={game._id} />
    ) : (
      <Text ta="center" fw={700} c="dimmed" role="status">
        {status}
      </Text>
    );

  return (
    <Box maw={560} mx="auto">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Badge size="lg" variant="light" radius="xl" tt="none">
            {categoryLabel(game.category)} · {capitalise(game.difficulty)}
          </Badge>
          <Group gap="sm" wrap="nowrap">
            {phase.kind !== 'waiting' && phase.kind !== 'countdown' && (
              <Text fw={800} c="ink.8" aria-live="polite">
                Word {wordNumber} of {total}
              </Text>
            )}
            {/* its button's place is kept while it loads (34 px: an ActionIcon of size lg) */}
            <Suspense fallback={<Box w={34} h={34} />}>
              <SoundControl />
            </Suspense>
          </Group>
        </Group>

        {away && !over && <PartnerReconnecting until={away.until} now={now} />}
        {role !== 'solo' && (
          <Suspense fallback={null}>
            <CallBar call={call} setup={<AudioSetupButton size="compact-sm" label="Check your audio" />} />
          </Suspense>
        )}

        <Card p={compact ? 'md' : { base: 'lg', sm: 'xl' }} shadow="md">
          {role !== 'solo' && (
            <Group justify="center" mb={compact ? 'xs' : 'md'}>
              <Badge size={compact ? 'md' : 'lg'} variant="filled" radius="xl" tt="none" data-role={role}>
                You are the {ROLE_NAMES[role]}
              </Badge>
            </Group>
          )}
          {/* one slot for a solo game's wait and every countdown: the wait is the countdown's frame
              (its hint shows at once), and the countdown keeps its nodes when it starts */}
          {phase.kind === 'waiting' && role !== 'solo' ? (
            <WaitingForPartner />
          ) : phase.kind === 'waiting' || phase.kind === 'countdown' ? (
            <Countdown
              seconds={phase.kind === 'countdown' ? phase.seconds : undefined}
              hint={COUNTDOWN_HINTS[role]}
            />
          ) : null}
          {(phase.kind === 'playing' || phase.kind === 'over') && (
            <Stack gap={compact ? 'sm' : 'lg'}>
              {/* on a short screen (a phone's keyboard up, or turned sideways) the cue sits beside
                  a smaller clock, so the clock and the guess box fit above the keyboard */}
              <Group
                ref={clockRef}
                data-clock
                justify="center"
                gap="md"
                wrap="nowrap"
                style={{ scrollMarginTop: CLOCK_SCROLL_MARGIN }}
              >
                <GameTimer
                  size={compact ? 84 : 132}
                  secondsLeft={phase.kind === 'playing' ? phase.secondsLeft : 0}
                  totalSeconds={phase.kind === 'playing' ? phase.totalSeconds : Number(game.gameTimer)}
                />
                {compact && cue}
              </Group>
              {!compact && cue}
              {current?.hasHomonyms && <HomophoneAlert compact={compact} />}
              {role === 'speaker' ? (
                current?.word && (
                  <Stack gap="xs" align="center">
                    {/* the speaker may check how they say it before saying it to the partner */}
                    <Suspense fallback={null}>
                      <PronunciationCheck
                        key={current.index}
                        gameId={game._id}
                        index={current.index}
                        word={current.word}
                      />
                    </Suspense>
                    <Text ta="center" fz="sm" c="dimmed">
                      Your partner spells it; the next word comes as soon as they do.
                    </Text>
                  </Stack>
                )
              ) : (
                <GuessInput
                  active={active}
                  status={status}
                  onSubmit={(g) => void submit(g)}
                  // the app's voice says the word (solo, or the call dropped): Space replays it
                  onSpace={role === 'solo' || callDown ? () => void voice.replay() : undefined}
                />
              )}
            </Stack>
          )}
        </Card>

        <PreviousWord entry={last} guessedBy={role === 'speaker' ? 'partner' : 'you'} />

        {/* 'Leave game', the logo or a link ask first while the clock runs (issue 15 item 7) */}
        <LeaveConfirm
          running={!over && (phase.kind === 'playing' || phase.kind === 'countdown')}
          partnered={role !== 'solo'}
        />
        <Group justify="center">
          <Button variant="subtle" color="gray" onClick={() => navigate('/')}>
            Leave game
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
