import { Stack, Text } from '@mantine/core';
import type { CurrentWordView } from '@sayspell/core/protocol/game';
import type { CSSProperties } from 'react';
import { useId } from 'react';
import { SpeakerNotes } from './speaker-notes.tsx';
import classes from './speaker-word.module.css';

/**
 * the speaker's card: the word to say, how it sounds and how many syllables it has; in a game
 * (gameId given) the notes to read out when the speller asks
 */
export function SpeakerWord({ current, gameId }: { current: CurrentWordView; gameId?: string }) {
  const labelId = useId();
  const syllables = current.syllables ?? null;
  return (
    <Stack gap={6} align="center" className={classes.card} role="group" aria-labelledby={labelId}>
      <Text id={labelId} className={classes.label}>
        Say this word to your partner
      </Text>
      {/* keyed by turn so each new word pops in */}
      <Text
        key={current.index}
        className={classes.word}
        data-testid="word-to-say"
        lang="en"
        // the word's length sizes it so that it fits the card on one line (a phone, a long word)
        style={{ '--word-length': current.word?.length ?? 8 } as CSSProperties}
      >
        {current.word}
      </Text>
      {(current.ipa || syllables !== null) && (
        <Text className={classes.meta}>
          {current.ipa && <span className={classes.ipa}>/{current.ipa}/</span>}
          {current.ipa && syllables !== null && <span aria-hidden="true"> · </span>}
          {syllables !== null && `${syllables} ${syllables === 1 ? 'syllable' : 'syllables'}`}
        </Text>
      )}
      {gameId && <SpeakerNotes gameId={gameId} index={current.index} />}
    </Stack>
  );
}
