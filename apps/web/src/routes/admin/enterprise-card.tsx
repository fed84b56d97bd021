import { Button, Card, Group, Modal, SimpleGrid, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { EnterpriseView } from '@sayspell/core/protocol/enterprise';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { deleteEnterprise, enterprisesQuery } from '../../api/enterprise-admin.ts';
import { notifyError } from '../../api/notify-error.ts';
import { enterpriseTopicsQuery } from '../../api/topics.ts';
import { EnterpriseMembers } from './enterprise-members.tsx';
import { EnterpriseTopics } from './enterprise-topics.tsx';

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** one enterprise: its members beside its topics, and a way to delete it (after asking) */
export function EnterpriseCard({ enterprise }: { enterprise: EnterpriseView }) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteEnterprise(enterprise._id),
    onSuccess: () => {
      setConfirming(false);
      client.setQueryData(enterprisesQuery.queryKey, (list) => list?.filter((e) => e._id !== enterprise._id));
      void client.invalidateQueries({ queryKey: enterpriseTopicsQuery.queryKey });
      notifications.show({ color: 'teal', title: 'Deleted', message: `${enterprise.name} was deleted.` });
    },
    onError: (err) => notifyError(err, 'Not deleted'),
  });

  return (
    <Card component="section" aria-labelledby={titleId} radius="lg" p="lg" withBorder>
      <Group justify="space-between" align="start" wrap="nowrap" mb="md">
        <div style={{ minWidth: 0 }}>
          <Title order={2} fz="h3" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {enterprise.name}
          </Title>
          <Text fz="sm" c="dimmed">
            {count(enterprise.members.length, 'member')} · {count(enterprise.topics.length, 'topic')}
          </Text>
        </div>
        {/* red's darkest shade: the default one is too light for small text on white (WCAG AA) */}
        <Button
          variant="outline"
          color="red.9"
          size="xs"
          onClick={() => setConfirming(true)}
          style={{ flexShrink: 0 }}
        >
          Delete
        </Button>
      </Group>
      {/* side by side only when the card itself is wide: the sidebar takes much of a tablet */}
      <SimpleGrid type="container" cols={{ base: 1, '720px': 2 }} spacing={{ base: 'lg', '720px': 'xl' }}>
        <EnterpriseMembers enterprise={enterprise} />
        <EnterpriseTopics enterprise={enterprise} />
      </SimpleGrid>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${enterprise.name}?`}
        centered
        radius="lg"
      >
        <Text fz="sm">
          Its {count(enterprise.members.length, 'member')} will no longer see its{' '}
          {count(enterprise.topics.length, 'topic')}. Games already played are kept.
        </Text>
        <Group justify="end" gap="sm" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button color="red.9" loading={remove.isPending} onClick={() => remove.mutate()}>
            Delete enterprise
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
