import { Stack, Text } from '@mantine/core';
import type { CurrentWordView } from '@sayspell/core/protocol/game';
import { useId } from 'react';
import classes from './speaker-word.module.css';

/** the speaker's card: the word to say, how it sounds and how many syllables it has */
export function SpeakerWord({ current }: { current: CurrentWordView }) {
  const labelId = useId();
  const syllables = current.syllables ?? null;
  return (
    <Stack gap={6} align="center" className={classes.card} role="group" aria-labelledby={labelId}>
      <Text id={labelId} className={classes.label}>
        Say this word to your partner
      </Text>
      {/* keyed by turn so each new word pops in */}
      <Text key={current.index} className={classes.word} data-testid="word-to-say" lang="en">
        {current.word}
      </Text>
      {(current.ipa || syllables !== null) && (
        <Text className={classes.meta}>
          {current.ipa && <span className={classes.ipa}>/{current.ipa}/</span>}
          {current.ipa && syllables !== null && <span aria-hidden="true"> · </span>}
          {syllables !== null && `${syllables} ${syllables === 1 ? 'syllable' : 'syllables'}`}
        </Text>
      )}
    </Stack>
  );
}
