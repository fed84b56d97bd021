import { Button, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DIFFICULTIES, type Difficulty } from '@sayspell/core/constants';
import { addEnterpriseTopicSchema, type EnterpriseView } from '@sayspell/core/protocol/enterprise';
import { type FormEvent, useState } from 'react';
import { addEnterpriseTopic } from '../../api/enterprise-admin.ts';
import { capitalise } from '../../components/capitalise.ts';
import { fieldErrors } from '../../components/field-errors.ts';
import { useEnterpriseChange } from './use-enterprise-change.ts';

/** the words as an admin pastes them: separated by commas, spaces or new lines (as on the command line) */
export const splitWords = (text: string): string[] => text.split(/[\s,;]+/).filter(Boolean);

/** a new topic of an enterprise: its name, its words and, if it has one, its difficulty. the server
 * checks every word against the dictionary and names the ones it does not know */
export function EnterpriseTopicForm({ enterprise }: { enterprise: EnterpriseView }) {
  const [name, setName] = useState('');
  const [words, setWords] = useState('');
  const [difficulty, setDifficulty] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useEnterpriseChange(
    (topic: { name: string; words: string[]; difficulty?: Difficulty }) =>
      addEnterpriseTopic(enterprise._id, topic),
    (topic) => `“${topic.name}” was added to ${enterprise.name} with ${topic.words.length} words.`,
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const topic = {
      name: name.trim(),
      words: splitWords(words),
      ...(difficulty ? { difficulty: difficulty as Difficulty } : {}),
    };
    const found = fieldErrors(addEnterpriseTopicSchema, topic);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(topic, {
      onSuccess: () => {
        setName('');
        setWords('');
        setDifficulty('');
      },
    });
  }

  return (
    <form aria-label={`Add a topic to ${enterprise.name}`} onSubmit={submit}>
      <Stack gap="sm">
        <SimpleGrid type="container" cols={{ base: 1, '360px': 2 }} spacing="sm">
          <TextInput
            label="Topic name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            autoComplete="off"
            maxLength={60}
          />
          <NativeSelect
            label="Difficulty"
            value={difficulty}
            onChange={(e) => setDifficulty(e.currentTarget.value)}
            data={[
              { value: '', label: 'Not set' },
              ...DIFFICULTIES.map((d) => ({ value: d, label: capitalise(d) })),
            ]}
          />
        </SimpleGrid>
        <Textarea
          label="Words"
          description="Separated by commas, spaces or new lines; each must be in the dictionary."
          value={words}
          onChange={(e) => setWords(e.currentTarget.value)}
          error={errors.words}
          rows={4}
          resize="vertical"
          spellCheck={false}
        />
        <Button type="submit" loading={add.isPending} w="fit-content">
          Add topic
        </Button>
      </Stack>
    </form>
  );
}
