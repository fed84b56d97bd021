import { Badge, Code, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { readLog, subscribeLog } from './app-log.ts';

// the hidden developer log viewer (§2): what was only logged

export function DevLogViewer({ onClose }: { onClose(): void }) {
  const entries = useSyncExternalStore(subscribeLog, readLog);
  return (
    <Modal
      opened
      onClose={onClose}
      title="Developer log"
      size="lg"
      radius="lg"
      styles={{ title: { fontWeight: 800 } }}
    >
      <ScrollArea h={400}>
        {entries.length === 0 ? (
          <Text c="dimmed">Nothing logged yet.</Text>
        ) : (
          <Stack gap="md">
            {[...entries].reverse().map((e) => (
              <Stack key={`${e.at}-${e.area}-${e.message}`} gap={2}>
                {/* badge and time keep their size: the message wraps under them */}
                <Group gap="xs" wrap="nowrap">
                  <Badge
                    size="xs"
                    style={{ flexShrink: 0 }}
                    color={e.level === 'error' ? 'red' : e.level === 'warn' ? 'orange' : 'gray'}
                  >
                    {e.level}
                  </Badge>
                  <Code fz="xs" style={{ flexShrink: 0 }}>
                    {new Date(e.at).toLocaleTimeString()}
                  </Code>
                  <Text fz="sm" fw={800}>
                    {e.area}
                  </Text>
                </Group>
                <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {e.message}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </ScrollArea>
    </Modal>
  );
}
