import { Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { wordTextSchema } from '@sayspell/core/protocol/words';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pronunciationQuery, pronunciationText } from '../../api/words.ts';
import { logError } from '../../platform/app-log.ts';

// the IPA of the word an admin is adding or removing (§7 word-data lookup by spelling), so they
// can tell it is the word they mean. a failed lookup is only logged (§8) and shown as the spec's
// fallback text; it never stops the change itself.

export function WordPronunciation({ word }: { word: string }) {
  // asked once the admin stops typing, not for every letter
  const [settled] = useDebouncedValue(word, 300);
  const spelling = wordTextSchema.safeParse(settled);
  const lookup = useQuery({
    ...pronunciationQuery(spelling.success ? spelling.data : ''),
    enabled: spelling.success,
  });

  useEffect(() => {
    if (lookup.error) logError('word data', lookup.error);
  }, [lookup.error]);

  const text = spelling.success ? pronunciationText(lookup) : null;
  return (
    <Group gap={6} wrap="nowrap" aria-live="polite">
      <Text fz="sm" fw={700}>
        Pronunciation
      </Text>
      <Text
        fz="sm"
        c={text?.startsWith('/') ? undefined : 'dimmed'}
        data-testid="word-ipa"
        style={{ overflowWrap: 'anywhere' }}
      >
        {text ?? (spelling.success ? 'Looking it up…' : 'Type a word to see its IPA.')}
      </Text>
    </Group>
  );
}
