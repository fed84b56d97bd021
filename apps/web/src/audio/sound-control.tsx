import { ActionIcon, Group, Popover, Slider, Stack, Switch, Text } from '@mantine/core';
import { setSoundPrefs, useSoundPrefs } from './sound-prefs.ts';

function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M4 9v6h4l5 4V5L8 9z" fill="currentColor" strokeLinejoin="round" />
      {muted ? (
        <path d="m17 9 5 6M22 9l-5 6" />
      ) : (
        <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
      )}
    </svg>
  );
}

/** the voice and buzzer's sound on this device: mute, and a volume (issue 15 item 9) */
export function SoundSettings() {
  const prefs = useSoundPrefs();
  const percent = Math.round(prefs.volume * 100);
  return (
    <Stack gap="sm">
      <Switch
        label="Mute the voice and buzzer"
        checked={prefs.muted}
        onChange={(e) => setSoundPrefs({ muted: e.currentTarget.checked })}
        size="md"
      />
      <Stack gap={4}>
        <Group justify="space-between">
          <Text fz="sm" fw={600} id="sound-volume-label">
            Volume
          </Text>
          <Text fz="sm" c="dimmed">
            {prefs.muted ? 'Muted' : `${percent} %`}
          </Text>
        </Group>
        <Slider
          aria-labelledby="sound-volume-label"
          thumbLabel="Volume"
          value={percent}
          onChange={(v) => setSoundPrefs({ volume: v / 100, muted: false })}
          min={0}
          max={100}
          step={5}
          label={null}
          disabled={prefs.muted}
        />
      </Stack>
    </Stack>
  );
}

/** a speaker button in the game's header that opens the sound settings */
export function SoundControl() {
  const prefs = useSoundPrefs();
  return (
    <Popover position="bottom-end" shadow="md" width={260} withArrow>
      <Popover.Target>
        <ActionIcon
          variant={prefs.muted ? 'filled' : 'light'}
          color={prefs.muted ? 'red' : 'ink'}
          size="lg"
          radius="xl"
          aria-label={prefs.muted ? 'Sound is muted: sound settings' : 'Sound settings'}
        >
          <SpeakerIcon muted={prefs.muted} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <SoundSettings />
      </Popover.Dropdown>
    </Popover>
  );
}
