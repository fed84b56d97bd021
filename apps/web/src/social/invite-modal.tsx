import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { CATEGORY_RANDOM, DIFFICULTIES, ROLES } from '@sayspell/core/constants';
import type { InviteSettings, OnlineUser } from '@sayspell/core/protocol/social';
import { categoryOptions } from '@sayspell/core/rules/options';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { profileQuery } from '../api/auth.ts';
import { capitalise } from '../components/capitalise.ts';

// the sender picks what to play: category, their own role and difficulty, from their settings

export function InviteModal({
  user,
  onClose,
  onSend,
}: {
  user: OnlineUser;
  onClose(): void;
  onSend(settings: InviteSettings): void;
}) {
  const profile = useQuery(profileQuery);
  const saved = profile.data?.settings;
  const [category, setCategory] = useState(saved?.category ?? CATEGORY_RANDOM);
  const [role, setRole] = useState<InviteSettings['role']>(saved?.role ?? 'either');
  const [difficulty, setDifficulty] = useState<InviteSettings['difficulty']>(saved?.difficulty ?? 'beginner');
  return (
    <Modal opened onClose={onClose} title={`Invite ${user.username}`} centered radius="lg">
      <Stack>
        <Text fz="sm" c="dimmed">
          They have 30 seconds to answer.
        </Text>
        <Select
          label="Category"
          data={categoryOptions().map((c) => ({ value: c.value, label: c.label, disabled: c.disabled }))}
          value={category}
          onChange={(v) => v && setCategory(v)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Your role"
          data={ROLES.map((r) => ({ value: r, label: capitalise(r) }))}
          value={role}
          onChange={(v) => v && setRole(v as InviteSettings['role'])}
          allowDeselect={false}
        />
        <Select
          label="Difficulty"
          data={DIFFICULTIES.map((d) => ({ value: d, label: capitalise(d) }))}
          value={difficulty}
          onChange={(v) => v && setDifficulty(v as InviteSettings['difficulty'])}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() =>
              onSend({ category, role, difficulty, language: saved?.language ?? 'English', gameTimer: 90 })
            }
          >
            Send invite
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
