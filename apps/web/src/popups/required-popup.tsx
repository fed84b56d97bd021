import { Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** a popup the player has to answer before going on (the EULA, the demographic form): no close
 * button, no escape, no click outside */
export function RequiredPopup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      radius="lg"
      size="lg"
      title={
        <Text fw={800} fz="xl">
          {title}
        </Text>
      }
      overlayProps={{ blur: 3 }}
    >
      {children}
    </Modal>
  );
}
