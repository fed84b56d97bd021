import { Button, Text } from '@mantine/core';
import type { VoiceState } from './use-word-audio.ts';

function SpeakerIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M4 9v6h4l5 4V5L8 9z" fill="currentColor" strokeLinejoin="round" />
      <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" strokeLinecap="round" />
    </svg>
  );
}

/** replays the word; when the browser blocked the sound it becomes the main call to action */
export function VoiceButton({ state, onPlay }: { state: VoiceState; onPlay: () => void }) {
  const blocked = state === 'blocked';
  return (
    <div style={{ textAlign: 'center' }}>
      <Button
        onClick={onPlay}
        size={blocked ? 'xl' : 'md'}
        variant={blocked ? 'filled' : 'light'}
        // white on orange.6 was 2.6:1 (lighthouse and axe flagged it); orange.9 in bold at this size
        // (20 px, large text for wcag) is 4.3:1, above the 3:1 large text needs
        color={blocked ? 'orange.9' : 'ink'}
        fw={blocked ? 700 : undefined}
        leftSection={<SpeakerIcon />}
        loading={state === 'loading'}
        disabled={state === 'idle'}
        data-playing={state === 'playing' || undefined}
      >
        {blocked ? 'Tap to hear the word' : 'Hear it again'}
      </Button>
      {state === 'error' && (
        <Text c="red.7" fz="sm" mt={6} role="alert">
          The word could not be played. Try again.
        </Text>
      )}
    </div>
  );
}
