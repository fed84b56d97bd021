import { ActionIcon, Badge, Box, Button, Group, Menu, Modal, Stack, Table, Text, Title } from '@mantine/core';
import type { InviteView } from '@sayspell/core/protocol/social';
import { useEffect, useState } from 'react';
import { LineIcon } from '../components/line-icon.tsx';
import { ICONS } from './icons.ts';
import { InviteName } from './invite-name.tsx';
import { acceptAll, answerOne, declineAll, declineLatest, shownRole, shownTopic } from './invite-queue.ts';
import { useBlocking, useInvites } from './social-contexts.tsx';

// the invite popups (§2): one invite, the table of several, the sender's full-screen wait, the
// notices, and the block confirmation

function Details({ invite }: { invite: InviteView }) {
  const role = shownRole(invite.role);
  const topic = shownTopic(invite);
  return (
    <Group gap="xs" justify="center">
      <Badge
        variant="light"
        size="lg"
        maw="100%"
        tt="none"
        aria-label={`${topic.kind}: ${topic.name}`}
        styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
      >
        {topic.kind === 'Category' ? topic.name : `${topic.kind}: ${topic.name}`}
      </Badge>
      {role && (
        <Badge variant="light" color="grape" size="lg">
          You: {role}
        </Badge>
      )}
    </Group>
  );
}

export function ReceivedInvites() {
  const invites = useInvites();
  const blocking = useBlocking();
  if (!invites || !blocking || invites.received.length === 0 || blocking.blockCandidate) return null;
  const { received, answer } = invites;
  const { askBlock } = blocking;
  if (received.length === 1) {
    const invite = received[0] as InviteView;
    return (
      <Modal
        opened
        onClose={() => void answer(declineLatest(received))}
        withCloseButton={false}
        centered
        radius="lg"
      >
        <Stack align="center" ta="center" gap="md" py="sm">
          <Text c="dimmed" fz="sm" fw={700} tt="uppercase" style={{ letterSpacing: '0.1em' }}>
            New invite
          </Text>
          <Title order={2} fz="h3">
            <InviteName name={invite.name || invite.user.username} fz="inherit" /> wants to play
          </Title>
          <Details invite={invite} />
          {/* three equal buttons in a 360 px phone's popup: less room at their sides and between
              them than mantine's, so no label is cut off */}
          <Group grow w="100%" mt="sm" gap="xs">
            <Button px="xs" variant="default" onClick={() => void answer(declineLatest(received))}>
              Decline
            </Button>
            <Button px="xs" color="red" variant="light" onClick={() => askBlock(invite)}>
              Block
            </Button>
            <Button px="xs" data-autofocus onClick={() => void answer(answerOne(received, invite._id, true))}>
              Accept
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  return (
    <Modal
      opened
      onClose={() => void answer(declineAll(received))}
      title={
        <Title order={2} fz="h4">
          Invites ({received.length})
        </Title>
      }
      centered
      radius="lg"
      size="lg"
    >
      {/* narrow cells so the four columns fit a phone without scrolling sideways; on a 360 px one
          smaller text and narrower cells still (global.css), so the menu stays in sight */}
      <Table.ScrollContainer minWidth={280}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing={6}
          className="invite-table"
          aria-label="Pending invites"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Player</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>
                <Box component="span" style={{ position: 'absolute', left: -9999 }}>
                  Actions
                </Box>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {received.map((invite) => (
              <Table.Tr key={invite._id} data-testid="invite-row">
                <Table.Td>
                  <InviteName name={invite.name || invite.user.username} fz="inherit" />
                </Table.Td>
                <Table.Td>
                  <Text inherit title={shownTopic(invite).kind} style={{ overflowWrap: 'anywhere' }}>
                    {shownTopic(invite).name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {/* the receiver's role, mirrored; Either shows nothing (§5) */}
                  <Text inherit>{shownRole(invite.role)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="light" aria-label="Answer">
                        <LineIcon d={ICONS.more} size={16} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => void answer(answerOne(received, invite._id, true))}>
                        Accept
                      </Menu.Item>
                      <Menu.Item onClick={() => void answer(answerOne(received, invite._id, false))}>
                        Decline
                      </Menu.Item>
                      <Menu.Item color="red" onClick={() => askBlock(invite)}>
                        Block
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="md" gap="sm">
        <Text fz="sm" c="dimmed">
          Total: {received.length} invites
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={() => void answer(declineAll(received))}>
            Decline All
          </Button>
          <Button variant="light" onClick={() => void answer(acceptAll(received))}>
            Accept newest
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}

export function AwaitingPartner() {
  const invites = useInvites();
  const waiting = invites?.waiting;
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!waiting) return;
    const tick = () => setLeft(Math.max(0, Math.ceil((waiting.expiresAt - Date.now()) / 1000)));
    tick();
    const t = window.setInterval(tick, 250);
    return () => window.clearInterval(t);
  }, [waiting]);
  if (!invites || !waiting) return null;
  return (
    <Box
      role="dialog"
      aria-modal="true"
      aria-labelledby="awaiting-title"
      pos="fixed"
      inset={0}
      style={{
        zIndex: 400,
        display: 'grid',
        placeItems: 'center',
        background: 'linear-gradient(160deg, rgba(76,48,196,0.96), rgba(40,22,110,0.97))',
        color: 'white',
        padding: 24,
      }}
    >
      <Stack align="center" ta="center" gap="lg" maw={420}>
        <Box
          aria-hidden
          style={{
            width: 96,
            height: 96,
            borderRadius: '50%',
            border: '6px solid rgba(255,255,255,0.25)',
            borderTopColor: 'white',
            animation: 'sayspell-spin 1s linear infinite',
          }}
        />
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }} id="awaiting-title" c="white">
          Awaiting {waiting.partner.username}'s response...
        </Title>
        <Text fz="lg" aria-live="polite">
          {left} s left
        </Text>
        <Button variant="white" color="dark" size="md" onClick={invites.cancelInvite}>
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}

export function InviteNotice() {
  const invites = useInvites();
  if (!invites?.notice) return null;
  return (
    <Modal opened onClose={invites.dismissNotice} centered radius="lg" title={invites.notice.title}>
      <Stack>
        <Text>{invites.notice.message}</Text>
        <Group justify="flex-end">
          <Button onClick={invites.dismissNotice}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function BlockConfirm() {
  const blocking = useBlocking();
  const invite = blocking?.blockCandidate;
  if (!blocking || !invite) return null;
  return (
    <Modal opened onClose={() => blocking.askBlock(null)} centered radius="lg" title="Block this player?">
      <Stack>
        <Text>
          Blocking <b>{invite.user.username}</b> reports them to the moderators and stops their invites and
          messages. You can unblock them later from the players list.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void blocking.confirmBlock(false)}>
            Just Decline
          </Button>
          <Button color="red" onClick={() => void blocking.confirmBlock(true)}>
            Yes, Block
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
