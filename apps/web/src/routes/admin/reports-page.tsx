import { Button, Card, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { profileQuery } from '../../api/auth.ts';
import { request } from '../../api/client.ts';
import { notifyError } from '../../api/notify-error.ts';
import { formatDate } from '../../components/format-date.ts';
import classes from './reports-page.module.css';
import { StatusBadge } from './status-badge.tsx';

// moderation (§6, issue 5): reports of players and flagged content; an admin dismisses one or
// suspends the reported player

interface Report {
  _id: string;
  kind: 'user' | 'content';
  status: 'open' | 'dismissed' | 'actioned';
  reporter: { _id: string; username: string | null };
  reported: { _id: string; username: string | null } | null;
  content: string | null;
  message: string | null;
  createdAt: number;
}
interface Feedback {
  _id: string;
  subject: string;
  message: string;
  createdAt: number;
}

export function ReportsPage() {
  const profile = useQuery(profileQuery);
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const client = useQueryClient();
  const isAdmin = profile.data?.role === 'admin';
  const reports = useQuery({
    queryKey: ['admin-reports', status],
    queryFn: () => request<{ reports: Report[]; feedback: Feedback[] }>(`/v1/admin/reports?status=${status}`),
    enabled: isAdmin,
  });
  const resolve = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'dismiss' | 'suspend' }) =>
      request(`/v1/admin/reports/${id}/resolve`, { method: 'POST', body: { action } }),
    onSuccess: (_d, v) => {
      notifications.show({
        title: v.action === 'suspend' ? 'Player suspended' : 'Report dismissed',
        message: 'Done.',
      });
      void client.invalidateQueries({ queryKey: ['admin-reports'] });
    },
    onError: (err) => notifyError(err),
  });

  if (profile.data && !isAdmin) {
    return (
      <Card radius="lg" p="xl" maw={560} mx="auto" withBorder>
        <Title order={1} fz="h3">
          Moderation
        </Title>
        <Text mt="sm">This page is for administrators.</Text>
      </Card>
    );
  }
  const list = reports.data?.reports ?? [];
  return (
    <Stack maw={1040} mx="auto" gap="lg">
      <Group justify="space-between" align="end">
        <Title order={1}>Moderation</Title>
        <SegmentedControl
          value={status}
          onChange={(v) => setStatus(v as 'open' | 'all')}
          data={[
            { value: 'open', label: 'Open' },
            { value: 'all', label: 'All' },
          ]}
          aria-label="Which reports"
        />
      </Group>
      <Card radius="lg" p="lg" withBorder>
        <Title order={2} fz="h4" mb="sm">
          Reports and flags
        </Title>
        {list.length === 0 ? (
          <Text c="dimmed">
            {reports.isLoading ? 'Loading…' : 'Nothing to look at. Well done, everyone.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640} classNames={{ scrollContainerInner: classes.inner }}>
            <Table verticalSpacing="sm" aria-label="Reports" className={classes.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th>Details</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((r) => (
                  <Table.Tr key={r._id}>
                    <Table.Td data-label="When">{formatDate(r.createdAt)}</Table.Td>
                    <Table.Td data-label="What">
                      {r.kind === 'user' ? `Player ${r.reported?.username ?? '?'}` : 'Content'}
                    </Table.Td>
                    <Table.Td data-label="By">{r.reporter.username}</Table.Td>
                    <Table.Td data-label="Details" maw={280} style={{ wordBreak: 'break-word' }}>
                      {r.content ?? r.message ?? '—'}
                    </Table.Td>
                    <Table.Td data-label="Status">
                      <StatusBadge color={r.status === 'open' ? 'red.9' : 'gray.7'}>{r.status}</StatusBadge>
                    </Table.Td>
                    <Table.Td>
                      {r.status === 'open' && (
                        <Group gap={6} wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => resolve.mutate({ id: r._id, action: 'dismiss' })}
                          >
                            Dismiss
                          </Button>
                          {r.reported && (
                            <Button
                              size="xs"
                              color="red.9"
                              onClick={() => resolve.mutate({ id: r._id, action: 'suspend' })}
                            >
                              Suspend
                            </Button>
                          )}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <Card radius="lg" p="lg" withBorder>
        <Title order={2} fz="h4" mb="sm">
          Feedback
        </Title>
        {(reports.data?.feedback ?? []).length === 0 ? (
          <Text c="dimmed">No feedback yet.</Text>
        ) : (
          <Stack gap="sm">
            {reports.data?.feedback.map((f) => (
              <div key={f._id}>
                <Text fw={700}>{f.subject}</Text>
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {f.message}
                </Text>
                <Text fz="xs" c="dimmed">
                  {formatDate(f.createdAt)}
                </Text>
              </div>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
