import { Button, Select, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { speechObjectUrl } from '../api/words.ts';
import { LineIcon } from '../components/line-icon.tsx';
import { canChooseOutput, playThrough } from './devices.ts';
import type { DeviceOption } from './use-audio-devices.ts';

// the wizard's speakers tab: pick the output (where the browser allows it) and play a sample

export const SAMPLE_TEXT = 'This is how your partner will sound.';

type Playing = 'idle' | 'loading' | 'playing' | 'played' | 'error';

const STATUS: Record<Playing, string> = {
  idle: '',
  loading: 'Loading the sample…',
  playing: 'Playing the sample…',
  played: 'Did you hear it? If not, turn the volume up or pick other speakers.',
  error: 'The sample could not be played. Check your volume and try again.',
};

export function SpeakersTab({
  options,
  value,
  onChange,
}: {
  options: DeviceOption[];
  value: string | undefined;
  onChange(deviceId: string): void;
}) {
  const [state, setState] = useState<Playing>('idle');
  const audio = useRef<HTMLAudioElement | null>(null);

  // a sample still playing stops with the tab
  useEffect(() => () => stop(audio.current), []);

  async function play() {
    stop(audio.current);
    const el = new Audio();
    audio.current = el;
    setState('loading');
    el.onplaying = () => setState('playing');
    el.onended = () => setState('played');
    el.onerror = () => setState('error');
    try {
      // fetched with the player's sign-in (the endpoint needs it), then played from memory
      el.src = await speechObjectUrl(SAMPLE_TEXT);
      if (audio.current !== el) return stop(el);
      await playThrough(el);
      await el.play();
    } catch {
      if (audio.current === el) setState('error');
    }
  }

  return (
    <Stack gap="md">
      {canChooseOutput() ? (
        <Select
          label="Speakers"
          data={options}
          value={value ?? null}
          onChange={(id) => id && onChange(id)}
          allowDeselect={false}
          placeholder={options.length ? undefined : 'Looking for speakers…'}
          disabled={options.length === 0}
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          This browser plays sound through its default output. To use other speakers or headphones, choose
          them in your device's sound settings.
        </Text>
      )}
      <Button
        variant="light"
        w="fit-content"
        leftSection={<LineIcon d="M4 9v6h4l5 4V5L8 9H4zM16 8a5 5 0 0 1 0 8" size={18} />}
        loading={state === 'loading'}
        onClick={play}
      >
        Play a sample
      </Button>
      <Text size="sm" c={state === 'error' ? 'red.8' : undefined} aria-live="polite" mih="1.5em">
        {STATUS[state]}
      </Text>
    </Stack>
  );
}

function stop(el: HTMLAudioElement | null) {
  if (!el) return;
  el.onplaying = el.onended = el.onerror = null;
  el.pause();
  if (el.src.startsWith('blob:')) URL.revokeObjectURL(el.src);
  el.removeAttribute('src');
}
