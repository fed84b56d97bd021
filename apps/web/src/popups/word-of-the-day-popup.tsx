import { Button, Divider, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { localDate, speechObjectUrl, wordOfTheDayQuery } from '../api/words.ts';
import { LineIcon } from '../components/line-icon.tsx';
import { logError } from '../platform/app-log.ts';

// the word of the day (§2): the spec's title and headings, a loading animation while waiting, the
// word spoken when it arrives and again on request. a failure is only logged (§8).

function say(word: string) {
  speechObjectUrl(word)
    .then((src) => {
      const audio = new Audio(src);
      audio.onended = () => URL.revokeObjectURL(src);
      return audio.play();
    })
    .catch(() => {
      // autoplay may be refused until the player interacts: the speak button is there for that
    });
}

export function WordOfTheDayPopup({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [date] = useState(() => localDate());
  const wotd = useQuery({ ...wordOfTheDayQuery(date), enabled: opened });
  const word = wotd.data?.word;
  useEffect(() => {
    if (opened && word) say(word);
  }, [opened, word]);
  useEffect(() => {
    if (wotd.error) logError('word of the day', wotd.error);
  }, [wotd.error]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      radius="lg"
      title="Word of the Day"
      styles={{ title: { fontWeight: 800, fontSize: '1.15rem' } }}
    >
      {!wotd.data ? (
        <Stack align="center" py="xl" gap="sm">
          {wotd.isError ? (
            <Text c="dimmed">The word of the day is not here yet. Try again later.</Text>
          ) : (
            <Loader type="dots" size="lg" aria-label="Loading the word of the day" />
          )}
        </Stack>
      ) : (
        <Stack gap="xs">
          <Title order={2} fz={32} style={{ letterSpacing: '0.02em' }}>
            {wotd.data.word}
          </Title>
          <Text c="ink.6" fz="lg" data-testid="wotd-phonetic">
            {wotd.data.phonetic || 'Not available'}
          </Text>
          <Text fz="sm" c="dimmed">
            Syllables: {wotd.data.syllable}
          </Text>
          <Button
            variant="light"
            leftSection={<LineIcon d="M4 9v6h4l5 4V5L8 9H4zM16 8a5 5 0 0 1 0 8" size={18} />}
            onClick={() => say(wotd.data.word)}
            w="fit-content"
          >
            Hear it
          </Button>
          <Divider my="xs" />
          <Title order={3} fz="md">
            Definition
          </Title>
          <Text>{wotd.data.definition}</Text>
          <Title order={3} fz="md" mt="xs">
            Example Sentence:
          </Title>
          <Text fs="italic">{wotd.data.referenceSentence}</Text>
        </Stack>
      )}
    </Modal>
  );
}
