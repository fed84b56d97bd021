import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { WordAuditEntry } from '@sayspell/core/protocol/words';
import { useQuery } from '@tanstack/react-query';
import { profileQuery } from '../../api/auth.ts';
import { languagesQuery } from '../../api/config.ts';
import { wordAuditQuery } from '../../api/word-admin.ts';
import { StatusBadge } from './status-badge.tsx';
import { HomophoneForm, WordForm } from './word-forms.tsx';

// /admin/words (§6 admin tools): add and remove words per language and homophone pairs; every
// change is in the audit trail, newest first. new games pick from the word bank, so they see it.

// an audit trail needs the time as well as the day
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

// outlined in the darkest shades, each at least AA contrast on the card's white (orange's darkest is
// not). a light badge in a shade is that shade filled, with the colour's light text on it: unreadable
const ACTIONS: Record<WordAuditEntry['action'], { label: string; color: string }> = {
  'add-word': { label: 'Word added', color: 'teal.9' },
  'remove-word': { label: 'Word removed', color: 'red.9' },
  'add-homonym': { label: 'Pair added', color: 'ink.9' },
  'remove-homonym': { label: 'Pair removed', color: 'grape.9' },
};

export function WordsPage() {
  const profile = useQuery(profileQuery);
  const isAdmin = profile.data?.role === 'admin';
  const languages = useQuery(languagesQuery);
  const audit = useQuery({ ...wordAuditQuery, enabled: isAdmin });

  if (profile.data && !isAdmin) {
    return (
      <Card radius="lg" p="xl" maw={560} mx="auto" withBorder>
        <Title order={1} fz="h3">
          Word tools
        </Title>
        <Text mt="sm">This page is for administrators.</Text>
      </Card>
    );
  }
  const entries = [...(audit.data ?? [])].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  return (
    <Stack maw={1040} mx="auto" gap="lg">
      <Stack gap={4}>
        <Title order={1}>Word tools</Title>
        <Text c="dimmed">Changes reach every game created from now on.</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <WordForm languages={languages.data} />
        <HomophoneForm />
      </SimpleGrid>
      <Card radius="lg" p="lg" withBorder>
        <Title order={2} fz="h4" mb="sm">
          Audit trail
        </Title>
        {entries.length === 0 ? (
          <Text c="dimmed">
            {audit.isLoading ? 'Loading…' : audit.isError ? audit.error.message : 'No changes yet.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={280}>
            <Table verticalSpacing="sm" aria-label="Audit trail" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Words</Table.Th>
                  <Table.Th>Change</Table.Th>
                  {/* on a phone the time sits under the change, leaving the words room */}
                  <Table.Th visibleFrom="sm">When</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ wordBreak: 'break-word' }}>
                      <Text fw={600} fz="sm">
                        {e.other ? `${e.word} = ${e.other}` : e.word}
                      </Text>
                      {e.language && (
                        <Text fz="xs" c="dimmed">
                          {e.language}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <StatusBadge color={ACTIONS[e.action].color}>{ACTIONS[e.action].label}</StatusBadge>
                      <Text fz="xs" c="dimmed" mt={4} hiddenFrom="sm">
                        {when.format(e.createdAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td fz="sm" miw={120} visibleFrom="sm">
                      {when.format(e.createdAt)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
