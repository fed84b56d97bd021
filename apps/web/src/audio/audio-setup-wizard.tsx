import {
  Button,
  Flex,
  Group,
  Loader,
  Modal,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS, TEXTS } from '@sayspell/core/constants';
import { type ReactNode, useEffect, useState } from 'react';
import { LineIcon } from '../components/line-icon.tsx';
import { isNative } from '../platform/platform.ts';
import {
  chooseDevice,
  chosenDevice,
  hasRealtimeMedia,
  type MicrophoneProblem,
  microphoneProblem,
} from './devices.ts';
import { MicrophoneTab } from './microphone-tab.tsx';
import { SpeakersTab } from './speakers-tab.tsx';
import { pickDevice, useAudioDevices } from './use-audio-devices.ts';
import { openMicrophone, stopStream } from './use-microphone.ts';

// the audio verification wizard (§2, §4 audio setup): asks for the microphone, then a form with a
// Microphone tab (listen, see the wave) and a Speakers tab (play a sample), then success or failure.
// permission denied and no microphone have the spec's titles and texts (§8); 'no microphone found'
// is a web stage only, so native apps show the general failure instead

export type AudioSetupResult = 'success' | 'failure' | 'dismissed';

type Stage =
  | { kind: 'asking' }
  | { kind: 'form' }
  | { kind: 'success' }
  | { kind: 'failure'; problem: MicrophoneProblem; reported?: boolean };

const FAILURES: Record<MicrophoneProblem, { title: string; text: string; hint?: string; retry: boolean }> = {
  permission: {
    title: TEXTS.audioNotEnabledTitle,
    text: TEXTS.audioNotEnabled,
    hint: 'In a browser, open the site settings (the icon beside the address) and allow the microphone.',
    retry: true,
  },
  'no-microphone': {
    title: TEXTS.microphoneNotDetectedTitle,
    text: TEXTS.microphoneNotDetected,
    hint: 'Plug in a microphone or connect a headset, then retry.',
    retry: true,
  },
  unsupported: {
    title: 'Audio Not Supported',
    text: TEXTS.noRealtimeMedia,
    hint: 'Open SaySpell in a current version of Chrome, Firefox, Edge or Safari.',
    retry: false,
  },
  other: {
    title: 'Audio Not Working',
    text: 'We could not start your microphone. Another app may be using it: close that app and retry.',
    retry: true,
  },
};

// what to check when the player says the test did not work
const REPORTED_TEXT =
  'Check that your microphone and speakers are plugged in and switched on, that nothing is muted and the volume is up. Then retry, and pick other devices if you have them.';

export function AudioSetupWizard({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose(result: AudioSetupResult): void;
}) {
  const phone = useMediaQuery(`(max-width: ${BREAKPOINTS.sm / 16}em)`);
  const [stage, setStage] = useState<Stage>({ kind: 'asking' });
  const [attempt, setAttempt] = useState(0);
  const [tab, setTab] = useState<string | null>('microphone');
  const ready = opened && stage.kind === 'form';
  const inputs = useAudioDevices('audioinput', ready);
  const outputs = useAudioDevices('audiooutput', ready);
  const [input, setInput] = useState(() => chosenDevice('audioinput'));
  const [output, setOutput] = useState(() => chosenDevice('audiooutput'));
  const inputId = pickDevice(inputs, input);
  const outputId = pickDevice(outputs, output);

  // each opening (and each retry) asks for the microphone: the browser's permission prompt, and
  // the device names it only reveals once allowed. the stream is closed straight away
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is how Retry asks again
  useEffect(() => {
    if (!opened) return;
    setTab('microphone');
    if (!hasRealtimeMedia()) {
      setStage({ kind: 'failure', problem: 'unsupported' });
      return;
    }
    setStage({ kind: 'asking' });
    let gone = false;
    openMicrophone().then(
      (stream) => {
        stopStream(stream);
        if (!gone) setStage({ kind: 'form' });
      },
      (err: unknown) => {
        let problem = microphoneProblem(err);
        if (problem === 'no-microphone' && isNative()) problem = 'other';
        if (!gone) setStage({ kind: 'failure', problem });
      },
    );
    return () => {
      gone = true;
    };
  }, [opened, attempt]);

  function close() {
    onClose(stage.kind === 'success' ? 'success' : stage.kind === 'failure' ? 'failure' : 'dismissed');
  }

  function works() {
    chooseDevice('audioinput', inputId);
    chooseDevice('audiooutput', outputId);
    setStage({ kind: 'success' });
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Check your audio"
      fullScreen={!!phone}
      centered
      radius={phone ? 0 : 'lg'}
      size="lg"
      styles={{ title: { fontWeight: 800, fontSize: '1.15rem' } }}
    >
      {/* one live region for the whole wizard: screen readers hear each stage as it comes */}
      <VisuallyHidden aria-live="polite">{announcement(stage)}</VisuallyHidden>
      {stage.kind === 'asking' && (
        <Stack align="center" py="xl" gap="sm">
          <Loader type="dots" size="lg" aria-hidden="true" />
          <Text>Asking for your microphone…</Text>
          <Text size="sm" c="dimmed" ta="center">
            If your browser asks, allow SaySpell to use the microphone.
          </Text>
        </Stack>
      )}

      {stage.kind === 'form' && (
        <Stack gap="lg">
          <Tabs
            value={tab}
            onChange={setTab}
            // icon and label together in the middle of each half
            styles={{ tab: { justifyContent: 'center' }, tabLabel: { flex: 'none' } }}
          >
            <Tabs.List grow>
              <Tabs.Tab value="microphone" leftSection={<LineIcon d={MIC_ICON} size={18} />}>
                Microphone
              </Tabs.Tab>
              <Tabs.Tab value="speakers" leftSection={<LineIcon d={SPEAKER_ICON} size={18} />}>
                Speakers
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="microphone" pt="lg">
              <MicrophoneTab
                options={inputs}
                value={inputId}
                onChange={(id) => {
                  setInput(id);
                  chooseDevice('audioinput', id);
                }}
                active={opened && tab === 'microphone'}
              />
            </Tabs.Panel>
            <Tabs.Panel value="speakers" pt="lg">
              <SpeakersTab
                options={outputs}
                value={outputId}
                onChange={(id) => {
                  setOutput(id);
                  // saved at once: the sample plays through the saved output
                  chooseDevice('audiooutput', id);
                }}
              />
            </Tabs.Panel>
          </Tabs>
          {/* on a phone the buttons stack full width, the main one first, within thumb reach */}
          <Flex direction={phone ? 'column-reverse' : 'row'} justify="flex-end" gap="sm">
            <Button
              variant="default"
              fullWidth={!!phone}
              onClick={() => setStage({ kind: 'failure', problem: 'other', reported: true })}
            >
              Something is wrong
            </Button>
            <Button fullWidth={!!phone} onClick={works}>
              It works
            </Button>
          </Flex>
        </Stack>
      )}

      {stage.kind === 'success' && (
        <Outcome icon={CHECK_ICON} color="teal" title="You're all set">
          <Text ta="center">Your microphone and speakers are ready for a partnered game.</Text>
          <Button onClick={() => onClose('success')} miw={140}>
            Done
          </Button>
        </Outcome>
      )}

      {stage.kind === 'failure' && (
        <Outcome icon={WARNING_ICON} color="red" title={FAILURES[stage.problem].title}>
          <Text ta="center">{stage.reported ? REPORTED_TEXT : FAILURES[stage.problem].text}</Text>
          {!stage.reported && FAILURES[stage.problem].hint && (
            <Text size="sm" c="dimmed" ta="center">
              {FAILURES[stage.problem].hint}
            </Text>
          )}
          <Group gap="sm" justify="center">
            <Button variant="default" onClick={() => onClose('failure')}>
              Close
            </Button>
            {FAILURES[stage.problem].retry && <Button onClick={() => setAttempt((n) => n + 1)}>Retry</Button>}
          </Group>
        </Outcome>
      )}
    </Modal>
  );
}

function announcement(stage: Stage): string {
  if (stage.kind === 'asking') return 'Asking for your microphone.';
  if (stage.kind === 'form') return 'Microphone allowed. Check your microphone and speakers.';
  if (stage.kind === 'success') return "You're all set.";
  const failure = FAILURES[stage.problem];
  return `${failure.title}. ${stage.reported ? REPORTED_TEXT : failure.text}`;
}

function Outcome({
  icon,
  color,
  title,
  children,
}: {
  icon: string;
  color: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack align="center" gap="md" py="xl">
      <ThemeIcon size={64} radius="xl" variant="light" color={color}>
        <LineIcon d={icon} size={34} strokeWidth={2.2} />
      </ThemeIcon>
      <Title order={3} ta="center">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const MIC_ICON = 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3';
const SPEAKER_ICON = 'M4 9v6h4l5 4V5L8 9H4zM16 8a5 5 0 0 1 0 8';
const CHECK_ICON = 'M5 12.5l4.5 4.5L19 7.5';
const WARNING_ICON = 'M12 4L2.5 20h19L12 4zM12 10v4.5M12 17.5v.01';
