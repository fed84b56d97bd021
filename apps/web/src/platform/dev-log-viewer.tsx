import { Badge, Code, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { readLog, subscribeLog } from './app-log.ts';

// the hidden developer log viewer (§2): what was only logged

export function DevLogViewer({ onClose }: { onClose(): void }) {
  const entries = useSyncExternalStore(subscribeLog, readLog);
  return (
    <Modal opened onClose={onClose} title="Developer log" size="lg" radius="lg">
      <ScrollArea h={400}>
        {entries.length === 0 ? (
          <Text c="dimmed">Nothing logged yet.</Text>
        ) : (
          <Stack gap={6}>
            {[...entries].reverse().map((e) => (
              <Group key={`${e.at}-${e.message}`} gap="xs" wrap="nowrap" align="start">
                <Badge size="xs" color={e.level === 'error' ? 'red' : e.level === 'warn' ? 'orange' : 'gray'}>
                  {e.level}
                </Badge>
                <Code fz="xs">{new Date(e.at).toLocaleTimeString()}</Code>
                <Text fz="sm">
                  <b>{e.area}</b>: {e.message}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </ScrollArea>
    </Modal>
  );
}
