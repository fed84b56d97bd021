import { Button, Group, Stack, Text } from '@mantine/core';
import { TEXTS } from '@sayspell/core/constants';
import { useEffect, useRef, useState } from 'react';
import { checkPronunciation, type PronunciationAnswer, type SpeakerTurn } from '../api/speech.ts';
import { microphoneProblem } from '../audio/devices.ts';
import { openMicrophone, stopStream } from '../audio/use-microphone.ts';
import { LineIcon } from '../components/line-icon.tsx';
import { isNative } from '../platform/platform.ts';
import { useSpeechRecognition } from './use-speech-recognition.ts';
import { recordWav } from './wav-recorder.ts';

// the speaker checks how they say the word before (or while) their partner spells it: a short
// recording from the chosen microphone, recognised by the server. the browser's own recognition,
// where there is one, shows what it hears meanwhile

export const RECORD_SECONDS = 2.5;

type State =
  | { kind: 'idle' }
  | { kind: 'recording' }
  | { kind: 'checking' }
  | { kind: 'answer'; answer: PronunciationAnswer }
  | { kind: 'error'; message: string };

const MIC_ICON = 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3';
const CHECK_ICON = 'M5 12.5l4.5 4.5L19 7.5';
const CROSS_ICON = 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM12 7.5v5.5M12 16.5v.01';
const QUESTION_ICON =
  'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 16.5v.01';

/** what the speaker is told when the check could not tell (a noisy or quiet recording) */
export const NOT_SURE_TEXT = "Didn't catch that, try again.";

function microphoneMessage(err: unknown): string {
  const problem = microphoneProblem(err);
  if (problem === 'permission') return TEXTS.audioNotEnabled;
  if (problem === 'no-microphone' && !isNative()) return TEXTS.microphoneNotDetected;
  if (problem === 'unsupported') return TEXTS.noRealtimeMedia;
  return 'The microphone could not be started. Another app may be using it.';
}

export function PronunciationCheck({ gameId, index, word }: SpeakerTurn) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const speech = useSpeechRecognition();
  const stopEarly = useRef<AbortController | null>(null);
  const mounted = useRef(true);

  // leaving mid-recording stops it (and its microphone)
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopEarly.current?.abort();
    };
  }, []);
  // a new word starts afresh
  // biome-ignore lint/correctness/useExhaustiveDependencies: word is the reason to reset
  useEffect(() => setState({ kind: 'idle' }), [word]);

  async function check() {
    const controller = new AbortController();
    stopEarly.current = controller;
    let stream: MediaStream;
    try {
      stream = await openMicrophone();
    } catch (err) {
      if (mounted.current) setState({ kind: 'error', message: microphoneMessage(err) });
      return;
    }
    if (!mounted.current) return stopStream(stream);
    setState({ kind: 'recording' });
    if (speech.supported) speech.start();
    let wav: Blob;
    try {
      wav = await recordWav(stream, { seconds: RECORD_SECONDS, signal: controller.signal });
    } catch {
      setState({ kind: 'error', message: 'The recording failed. Please try again.' });
      return;
    } finally {
      stopStream(stream);
      speech.stop();
    }
    // unmounted while recording: nothing to send
    if (!mounted.current) return;
    setState({ kind: 'checking' });
    try {
      const answer = await checkPronunciation(wav, { gameId, index, word });
      if (mounted.current) setState({ kind: 'answer', answer });
    } catch (err) {
      if (!mounted.current) return;
      setState({
        kind: 'error',
        message: err instanceof Error ? err.message : 'The pronunciation check failed. Please try again.',
      });
    }
  }

  const busy = state.kind === 'recording' || state.kind === 'checking';
  return (
    <Stack gap={6} align="center">
      <Group gap="xs" justify="center">
        <Button
          size="sm"
          variant="light"
          leftSection={<LineIcon d={MIC_ICON} size={18} />}
          onClick={check}
          loading={state.kind === 'checking'}
          disabled={state.kind === 'recording'}
        >
          {state.kind === 'answer' && state.answer.verdict === 'unsure'
            ? 'Try again'
            : 'Check my pronunciation'}
        </Button>
        {state.kind === 'recording' && (
          <Button size="sm" variant="subtle" onClick={() => stopEarly.current?.abort()}>
            Done speaking
          </Button>
        )}
      </Group>
      <div aria-live="polite" aria-busy={busy} style={{ minHeight: '1.5em', textAlign: 'center' }}>
        {state.kind === 'recording' && (
          <Text size="sm" c="ink.7" fw={600}>
            Listening…{speech.transcript ? ` “${speech.transcript}”` : ` Say “${word}”.`}
          </Text>
        )}
        {state.kind === 'checking' && (
          <Text size="sm" c="dimmed">
            Checking what we heard…
          </Text>
        )}
        {state.kind === 'answer' && <Answer answer={state.answer} word={word} />}
        {state.kind === 'error' && (
          <Group gap={6} justify="center" wrap="nowrap" c="red.8">
            <LineIcon d={CROSS_ICON} size={18} />
            <Text size="sm">{state.message}</Text>
          </Group>
        )}
      </div>
    </Stack>
  );
}

function Answer({ answer, word }: { answer: PronunciationAnswer; word: string }) {
  // not sure is not wrong: the speaker is asked to say it again, not told they said it badly
  if (answer.verdict === 'unsure') {
    return (
      <Stack gap={2} align="center">
        <Group gap={6} justify="center" wrap="nowrap" c="ink.7">
          <LineIcon d={QUESTION_ICON} size={18} />
          <Text size="sm" fw={700}>
            {NOT_SURE_TEXT}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          Say “{word}” once, close to the microphone, in a quiet moment.
        </Text>
      </Stack>
    );
  }
  if (answer.verdict === 'right') {
    return (
      <Group gap={6} justify="center" wrap="nowrap" c="teal.8">
        <LineIcon d={CHECK_ICON} size={18} strokeWidth={2.4} />
        <Text size="sm" fw={700}>
          Sounds right: we heard "{answer.heard}".
        </Text>
      </Group>
    );
  }
  return (
    <Stack gap={2} align="center">
      <Group gap={6} justify="center" wrap="nowrap" c="orange.9">
        <LineIcon d={CROSS_ICON} size={18} />
        <Text size="sm" fw={700}>
          {answer.heard ? `We heard "${answer.heard}"` : 'We did not catch a word'}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        Tip: say “{word}” slowly and clearly, close to the microphone, then check again.
      </Text>
    </Stack>
  );
}
