import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { notifyError } from '../api/notify-error.ts';
import { reportUser } from './social-api.ts';

// report a player to the moderators (POST /v1/report-user), with an optional reason; what happens
// next is the admin's report view

export function ReportUserModal({
  me,
  user,
  onClose,
}: {
  me: string;
  user: { _id: string; username: string };
  onClose(): void;
}) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await reportUser(me, user._id, message.trim() || undefined);
      notifications.show({
        color: 'green',
        title: 'Report sent',
        message: `Thank you. A moderator will look at ${user.username}.`,
      });
      onClose();
    } catch (err) {
      notifyError(err, 'Report not sent');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} centered radius="lg" title={`Report ${user.username}`}>
      <Stack>
        <Text fz="sm">Tell the moderators what happened. They review every report.</Text>
        <Textarea
          label="What happened? (optional)"
          rows={3}
          maxLength={1000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => void send()}>
            Send report
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
