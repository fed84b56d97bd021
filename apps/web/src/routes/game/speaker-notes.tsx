import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { speakerNotes } from '../../api/learning.ts';
import classes from './speaker-word.module.css';

/**
 * partnered play's spelling-bee asks: the speller asks aloud ("what does it mean?", "use it in a
 * sentence", "where does it come from?") and the speaker reads the answer out from here. closed
 * until the speaker opens it, then kept open from word to word; each word's notes are fetched once
 */
export function SpeakerNotes({ gameId, index }: { gameId: string; index: number }) {
  const [open, setOpen] = useState(false);
  const notes = useQuery({
    queryKey: ['speaker-notes', gameId, index],
    queryFn: () => speakerNotes(gameId, index),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
    // a refusal (the word moved on) is an answer; the next word asks again
    retry: false,
  });
  return (
    <details
      className={classes.notes}
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>If your partner asks…</summary>
      {notes.isPending && open && <Text size="sm">Looking it up…</Text>}
      {notes.isError && (
        <Text size="sm" role="alert">
          {notes.error.message}
        </Text>
      )}
      {notes.data && notes.data.index === index && (
        <dl aria-live="polite">
          <dt>Part of speech</dt>
          <dd>{notes.data.partOfSpeech ?? 'Not known'}</dd>
          <dt>Language of origin</dt>
          <dd>{notes.data.origin ?? 'Not known'}</dd>
          <dt>Definition</dt>
          <dd>{notes.data.definition ?? 'No definition for this word'}</dd>
          <dt>In a sentence</dt>
          <dd>{notes.data.sentence ?? 'No example sentence for this word'}</dd>
        </dl>
      )}
    </details>
  );
}
