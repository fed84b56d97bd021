import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { EULA_RULES } from '../popups/eula-rules.ts';

/** the question a guest answers before a first chat or invite (eula-gate.tsx) */
export function EulaGatePopup({
  saving,
  onAccept,
  onClose,
}: {
  saving: boolean;
  onAccept(): void;
  onClose(): void;
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      radius="lg"
      title={
        <Text fw={800} fz="xl">
          Before you chat or invite
        </Text>
      }
    >
      <Stack gap="md">
        <Text>
          To keep chats friendly, you agree not to post or say any of the following in chats, invites or
          calls:
        </Text>
        <List spacing={4}>
          {EULA_RULES.map((rule) => (
            <List.Item key={rule}>{rule}</List.Item>
          ))}
        </List>
        <Text fz="sm" c="dimmed">
          Objectionable content is removed within 24 hours of notice, and the accounts that posted it may be
          removed.
        </Text>
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" onClick={onClose}>
            Not now
          </Button>
          <Button loading={saving} onClick={onAccept}>
            I Understand
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
