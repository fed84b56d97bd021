import { Badge, Button, Group, Spoiler, Stack, Text, Title } from '@mantine/core';
import type { EnterpriseTopicView, EnterpriseView } from '@sayspell/core/protocol/enterprise';
import { removeEnterpriseTopic } from '../../api/enterprise-admin.ts';
import { capitalise } from '../../components/capitalise.ts';
import { EnterpriseTopicForm } from './enterprise-topic-form.tsx';
import { useEnterpriseChange } from './use-enterprise-change.ts';

// an enterprise's assigned topics, each a list of words its members can play

export function EnterpriseTopics({ enterprise }: { enterprise: EnterpriseView }) {
  const remove = useEnterpriseChange(
    (t: EnterpriseTopicView) => removeEnterpriseTopic(enterprise._id, t._id),
    (t) => `“${t.name}” was removed from ${enterprise.name}.`,
  );

  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        Topics ({enterprise.topics.length})
      </Title>
      {enterprise.topics.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No topics yet: members see none under Enterprise Topics.
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Topics">
          {enterprise.topics.map((t) => (
            <li key={t._id} aria-label={t.name}>
              <Group justify="space-between" wrap="nowrap" gap="sm" align="start">
                <Group gap={8} style={{ minWidth: 0 }}>
                  <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t.name}
                  </Text>
                  <Badge size="sm" variant="light" color={t.difficulty ? 'ink' : 'gray'}>
                    {t.difficulty ? capitalise(t.difficulty) : 'Any difficulty'}
                  </Badge>
                </Group>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  style={{ flexShrink: 0 }}
                  aria-label={`Remove ${t.name}`}
                  loading={remove.isPending && remove.variables?._id === t._id}
                  onClick={() => remove.mutate(t)}
                >
                  Remove
                </Button>
              </Group>
              {/* a long list folds away; the admin can open it to check the words */}
              <Spoiler
                maxHeight={44}
                showLabel="Show all words"
                hideLabel="Show fewer"
                styles={{ control: { fontSize: 'var(--mantine-font-size-sm)' } }}
              >
                <Text fz="sm" c="dimmed">
                  {t.words.length} {t.words.length === 1 ? 'word' : 'words'}: {t.words.join(', ')}
                </Text>
              </Spoiler>
            </li>
          ))}
        </Stack>
      )}
      <EnterpriseTopicForm enterprise={enterprise} />
    </Stack>
  );
}
