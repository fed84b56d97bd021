import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';

/** the feedback form (feedback.tsx holds what is typed, so a closed form keeps it) */
export function FeedbackForm({
  opened,
  subject,
  message,
  busy,
  onSubject,
  onMessage,
  onSend,
  onClose,
}: {
  opened: boolean;
  subject: string;
  message: string;
  busy: boolean;
  onSubject(value: string): void;
  onMessage(value: string): void;
  onSend(): void;
  onClose(): void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Send feedback" centered radius="lg">
      <Stack>
        <TextInput
          label="Subject"
          value={subject}
          maxLength={200}
          onChange={(e) => onSubject(e.currentTarget.value)}
        />
        <Textarea
          label="Message"
          autosize
          minRows={4}
          maxLength={5000}
          value={message}
          onChange={(e) => onMessage(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} disabled={!subject.trim() || !message.trim()} onClick={onSend}>
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
