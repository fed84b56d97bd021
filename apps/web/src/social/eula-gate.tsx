import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { UserView } from '@sayspell/core/protocol/auth';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { confirmEula } from '../api/accounts.ts';
import { profileQuery } from '../api/auth.ts';
import { notifyError } from '../api/notify-error.ts';
import { EULA_RULES } from '../popups/eula-popup.tsx';

// a guest plays without the EULA but chats and invites only after 'I Understand' (§6; the server
// refuses both with 403 otherwise). the first chat or invite asks, then goes on with what was clicked

export function useEulaGate(me: UserView | undefined): { gate(action: () => void): void; popup: ReactNode } {
  // the cached profile knows a confirmation made elsewhere (the registered user's popup)
  const profile = useQuery({ ...profileQuery, enabled: false });
  const [confirmedHere, setConfirmedHere] = useState(false);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const [saving, setSaving] = useState(false);
  const confirmed = confirmedHere || !!(profile.data ?? me)?.hasConfirmedEULA;

  const gate = (action: () => void) => (confirmed ? action() : setPending(() => action));
  const accept = async () => {
    if (!me) return;
    setSaving(true);
    try {
      await confirmEula(me._id);
      setConfirmedHere(true);
      const action = pending;
      setPending(null);
      action?.();
    } catch (err) {
      notifyError(err, 'Could not save your answer');
    } finally {
      setSaving(false);
    }
  };

  const popup = pending ? (
    <Modal
      opened
      onClose={() => setPending(null)}
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
          <Button variant="subtle" color="gray" onClick={() => setPending(null)}>
            Not now
          </Button>
          <Button loading={saving} onClick={() => void accept()}>
            I Understand
          </Button>
        </Group>
      </Stack>
    </Modal>
  ) : null;
  return { gate, popup };
}
