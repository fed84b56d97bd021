import { Loader, Select, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { HEARD_LEVEL, LevelWave } from './level-wave.tsx';
import type { DeviceOption } from './use-audio-devices.ts';
import { useMicrophoneAnalyser } from './use-microphone.ts';

// the wizard's microphone tab: pick the microphone, then listen to it as a moving wave

const PROBLEM_TEXT = {
  permission: 'The browser stopped us using this microphone. Allow it in the site settings and try again.',
  'no-microphone': 'This microphone is not available any more. Pick another one.',
  unsupported: 'This browser cannot listen to the microphone.',
  other: 'This microphone could not be started. Another app may be using it.',
} as const;

export function MicrophoneTab({
  options,
  value,
  onChange,
  active,
}: {
  options: DeviceOption[];
  value: string | undefined;
  onChange(deviceId: string): void;
  /** the tab is showing: the microphone is only open while it is */
  active: boolean;
}) {
  const [listen, setListen] = useState(false);
  const [heard, setHeard] = useState(false);
  const { analyser, problem } = useMicrophoneAnalyser(listen && active, value);

  return (
    <Stack gap="md">
      <Select
        label="Microphone"
        data={options}
        value={value ?? null}
        onChange={(id) => id && onChange(id)}
        allowDeselect={false}
        placeholder={options.length ? undefined : 'Looking for microphones…'}
        disabled={options.length === 0}
        comboboxProps={{ withinPortal: true }}
      />
      <Switch
        label="Listen"
        description="Hear what the microphone picks up as a wave"
        checked={listen}
        onChange={(e) => {
          setListen(e.currentTarget.checked);
          setHeard(false);
        }}
        size="md"
      />
      {listen && (
        <Stack gap="xs">
          <Text size="sm">Say something: the wave moves when we hear you.</Text>
          {analyser ? (
            <LevelWave analyser={analyser} onLevel={(level) => level >= HEARD_LEVEL && setHeard(true)} />
          ) : problem ? null : (
            <Loader size="sm" type="dots" aria-label="Starting the microphone" />
          )}
        </Stack>
      )}
      <Text size="sm" fw={600} c={problem ? 'red.8' : 'teal.8'} aria-live="polite" mih="1.5em">
        {listen && problem ? PROBLEM_TEXT[problem] : listen && heard ? '✓ We can hear you.' : ''}
      </Text>
    </Stack>
  );
}
