import { Alert, Button, Card, Group, Loader, NativeSelect, Slider, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SPEECH_RATE_MAX, SPEECH_RATE_MIN, type VoiceSettings } from '@sayspell/core/protocol/account';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { saveVoice, type VoiceOption, voiceQuery, voiceSample, voicesQuery } from '../../api/voice.ts';
import { SoundSettings } from '../../audio/sound-control.tsx';
import { effectiveVolume } from '../../audio/sound-prefs.ts';

const SAMPLE = 'Spell this word: giraffe.';
const speedText = (rate: number) =>
  rate === 1 ? 'Normal' : `${rate < 1 ? 'Slower' : 'Faster'}, ×${rate.toFixed(2).replace(/0$/, '')}`;

function voiceLabel(v: VoiceOption) {
  return v.gender && !v.name.toLowerCase().includes(v.gender) ? `${v.name} (${v.gender})` : v.name;
}

/** the app's voice and speed for this account (issue 15 item 9), heard in solo games */
export function VoiceCard({ language }: { language: string }) {
  const saved = useQuery(voiceQuery);
  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h3">
            Voice
          </Title>
          <Text c="dimmed" fz="sm">
            The voice that says the words in solo games, and how fast it speaks.
          </Text>
        </Stack>
        {saved.data ? (
          <VoiceForm initial={saved.data} language={language} />
        ) : saved.isError ? (
          <Text c="red">{saved.error.message}</Text>
        ) : (
          <Loader type="dots" />
        )}
      </Stack>
    </Card>
  );
}

function VoiceForm({ initial, language }: { initial: VoiceSettings; language: string }) {
  const [values, setValues] = useState<VoiceSettings>(initial);
  const voices = useQuery(voicesQuery(language));
  const player = useRef<HTMLAudioElement | null>(null);
  const save = useMutation({
    mutationFn: () => saveVoice(values),
    onSuccess: () =>
      notifications.show({ color: 'teal', title: 'Voice saved', message: 'Your next solo game uses it.' }),
  });
  const sample = useMutation({
    mutationFn: async () => {
      player.current?.pause();
      const url = URL.createObjectURL(await voiceSample(SAMPLE, values));
      const audio = new Audio(url);
      audio.volume = effectiveVolume();
      audio.onended = () => URL.revokeObjectURL(url);
      player.current = audio;
      await audio.play();
    },
  });
  useEffect(() => () => player.current?.pause(), []);
  const changed = values.voice !== initial.voice || values.rate !== initial.rate;

  return (
    <Stack gap="lg">
      <NativeSelect
        label="Voice"
        size="md"
        value={values.voice ?? ''}
        onChange={(e) => {
          // read now: react clears the event's target before an updater runs
          const voice = e.currentTarget.value || null;
          setValues((v) => ({ ...v, voice }));
        }}
        data={[
          { value: '', label: 'Default voice' },
          ...(voices.data ?? []).map((v) => ({ value: v.id, label: voiceLabel(v) })),
          // a saved voice the list does not have (yet, or any more) still shows
          ...(values.voice && voices.data && !voices.data.some((v) => v.id === values.voice)
            ? [{ value: values.voice, label: values.voice }]
            : []),
        ]}
        description={voices.isError ? voices.error.message : `Voices for ${language}.`}
      />
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fz="sm" fw={600} id="voice-speed-label">
            Speed
          </Text>
          <Text fz="sm" c="dimmed">
            {speedText(values.rate)}
          </Text>
        </Group>
        <Slider
          aria-labelledby="voice-speed-label"
          thumbLabel="Speed"
          min={SPEECH_RATE_MIN}
          max={SPEECH_RATE_MAX}
          step={0.05}
          value={values.rate}
          onChange={(rate) => setValues((v) => ({ ...v, rate }))}
          label={null}
          marks={[
            { value: SPEECH_RATE_MIN, label: 'Slower' },
            { value: 1, label: 'Normal' },
            { value: SPEECH_RATE_MAX, label: 'Faster' },
          ]}
          mb="lg"
          // room for the end marks' labels inside the card on a phone
          mx="md"
        />
      </Stack>
      {(save.error || sample.error) && (
        <Alert color="red" variant="light" role="alert">
          {(save.error ?? sample.error)?.message}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="light" onClick={() => sample.mutate()} loading={sample.isPending}>
          Try it
        </Button>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!changed && !save.isPending}>
          Save voice
        </Button>
      </Group>
    </Stack>
  );
}

/** mute and volume: this device only */
export function SoundCard() {
  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h3">
            Sound on this device
          </Title>
          <Text c="dimmed" fz="sm">
            For the app’s voice and the buzzer after each guess. You can also change it during a game.
          </Text>
        </Stack>
        <SoundSettings />
      </Stack>
    </Card>
  );
}
