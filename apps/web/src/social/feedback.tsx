import { Anchor, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { notifyError } from '../api/notify-error.ts';
import { sendFeedback } from './social-api.ts';
import { useSocial } from './social-contexts.tsx';

/** a link that opens the feedback form (POST /v1/feedback) */
export function FeedbackLink() {
  const social = useSocial();
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  if (!social) return null;
  const submit = async () => {
    setBusy(true);
    try {
      const answer = await sendFeedback(social.me._id, subject.trim(), message.trim());
      notifications.show({ color: 'green', title: 'Sent', message: answer.message });
      setOpen(false);
      setSubject('');
      setMessage('');
    } catch (err) {
      notifyError(err, 'Feedback not sent');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Anchor component="button" type="button" fz="sm" onClick={() => setOpen(true)}>
        Send feedback
      </Anchor>
      <Modal opened={open} onClose={() => setOpen(false)} title="Send feedback" centered radius="lg">
        <Stack>
          <TextInput
            label="Subject"
            value={subject}
            maxLength={200}
            onChange={(e) => setSubject(e.currentTarget.value)}
          />
          <Textarea
            label="Message"
            autosize
            minRows={4}
            maxLength={5000}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              loading={busy}
              disabled={!subject.trim() || !message.trim()}
              onClick={() => void submit()}
            >
              Send
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
