import { Button, Group, Modal, Stack, Text } from '@mantine/core';

// the question itself: a modal (mantine's modal, its scroll area and focus trap), loaded only when
// the page is idle or a leave is held, not with the game (issue 22)

export function LeaveConfirmDialog({
  partnered,
  onStay,
  onLeave,
}: {
  partnered: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Modal opened onClose={onStay} centered radius="lg" title="Leave this game?">
      <Stack>
        <Text>
          {partnered ? 'The game ends for your partner too. ' : ''}A game you leave while its clock runs
          counts as unfinished, and gift cards need every game finished.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay} data-autofocus>
            Keep playing
          </Button>
          <Button color="red" onClick={onLeave}>
            Leave game
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
