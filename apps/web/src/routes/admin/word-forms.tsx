import { Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DIFFICULTIES, ENABLED_CATEGORIES } from '@sayspell/core/constants';
import type { LanguageOption } from '@sayspell/core/protocol/game';
import type { WordChangeAnswer } from '@sayspell/core/protocol/words';
import { homonymPairSchema, removeWordSchema } from '@sayspell/core/protocol/words';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { notifyError } from '../../api/notify-error.ts';
import { addHomonym, addWord, removeHomonym, removeWord, wordAuditQuery } from '../../api/word-admin.ts';
import { capitalise } from '../../components/capitalise.ts';
import { fieldErrors } from '../../components/field-errors.ts';
import { WordPronunciation } from './word-pronunciation.tsx';

// the two forms of /admin/words: a word per language, and a homophone pair. the fields are checked
// with core's schemas first; the server checks again and its message is shown when it refuses.

/** runs one word-bank change, then says what happened and refreshes the audit trail */
function useWordChange<T>(fn: (input: T) => Promise<WordChangeAnswer>, done: (input: T) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_answer, input) => {
      notifications.show({ color: 'teal', title: 'Saved', message: done(input) });
      void client.invalidateQueries({ queryKey: wordAuditQuery.queryKey });
    },
    onError: (err) => notifyError(err, 'Not saved'),
  });
}

export function WordForm({ languages }: { languages: LanguageOption[] | undefined }) {
  const [language, setLanguage] = useState('English');
  const [word, setWord] = useState('');
  const [category, setCategory] = useState('');
  const [difficulty, setDifficulty] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useWordChange(addWord, (w) => `“${w.word}” was added to the ${w.language} words.`);
  const remove = useWordChange(removeWord, (w) => `“${w.word}” was removed from the ${w.language} words.`);

  function run(action: 'add' | 'remove') {
    const found = fieldErrors(removeWordSchema, { language, word });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const w = word.trim().toLowerCase();
    if (action === 'remove') return remove.mutate({ language, word: w });
    add.mutate({
      language,
      word: w,
      ...(category ? { category } : {}),
      ...(difficulty ? { difficulty: difficulty as (typeof DIFFICULTIES)[number] } : {}),
    });
  }

  return (
    <Card radius="lg" p="lg" withBorder>
      <form
        aria-label="Add or remove a word"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          run('add');
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Words
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NativeSelect
              label="Language"
              value={language}
              onChange={(e) => setLanguage(e.currentTarget.value)}
              data={(languages ?? [{ name: 'English', enabled: true }]).map((l) => ({
                value: l.name,
                label: l.enabled ? l.name : `${l.name} (not playable yet)`,
              }))}
            />
            <TextInput
              label="Word"
              value={word}
              onChange={(e) => setWord(e.currentTarget.value)}
              error={errors.word}
              autoComplete="off"
              maxLength={40}
            />
            <NativeSelect
              label="Category"
              description="Only when adding"
              value={category}
              onChange={(e) => setCategory(e.currentTarget.value)}
              data={[
                { value: '', label: 'Random (default)' },
                ...ENABLED_CATEGORIES.filter((c) => c !== 'random').map((c) => ({
                  value: c,
                  label: capitalise(c),
                })),
              ]}
            />
            <NativeSelect
              label="Difficulty"
              description="Only when adding"
              value={difficulty}
              onChange={(e) => setDifficulty(e.currentTarget.value)}
              data={[
                { value: '', label: 'From its syllables' },
                ...DIFFICULTIES.map((d) => ({ value: d, label: capitalise(d) })),
              ]}
            />
          </SimpleGrid>
          <WordPronunciation word={word} />
          <Group gap="sm" mt={4}>
            <Button type="submit" loading={add.isPending}>
              Add word
            </Button>
            <Button variant="default" color="red" loading={remove.isPending} onClick={() => run('remove')}>
              Remove word
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export function HomophoneForm() {
  const [word1, setWord1] = useState('');
  const [word2, setWord2] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pairText = (p: { word1: string; word2: string }) => `“${p.word1}” and “${p.word2}”`;
  const add = useWordChange(addHomonym, (p) => `${pairText(p)} now count as the same word.`);
  const remove = useWordChange(removeHomonym, (p) => `${pairText(p)} are no longer homophones.`);

  function run(action: 'add' | 'remove') {
    const found = fieldErrors(homonymPairSchema, { word1, word2 });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const pair = { word1: word1.trim().toLowerCase(), word2: word2.trim().toLowerCase() };
    (action === 'add' ? add : remove).mutate(pair);
  }

  return (
    <Card radius="lg" p="lg" withBorder>
      <form
        aria-label="Add or remove a homophone pair"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          run('add');
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Homophones
          </Title>
          <Text fz="sm" c="dimmed">
            Two spellings that sound the same: either counts as right when the other is played.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Word"
              value={word1}
              onChange={(e) => setWord1(e.currentTarget.value)}
              error={errors.word1}
              autoComplete="off"
              maxLength={40}
            />
            <TextInput
              label="Sounds like"
              value={word2}
              onChange={(e) => setWord2(e.currentTarget.value)}
              error={errors.word2 ?? errors.form}
              autoComplete="off"
              maxLength={40}
            />
          </SimpleGrid>
          <Group gap="sm" mt={4}>
            <Button type="submit" loading={add.isPending}>
              Add pair
            </Button>
            <Button variant="default" color="red" loading={remove.isPending} onClick={() => run('remove')}>
              Remove pair
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
