import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  CATEGORY_CUSTOM,
  CATEGORY_ENTERPRISE,
  CATEGORY_RANDOM,
  DIFFICULTIES,
  ROLES,
} from '@sayspell/core/constants';
import type { InviteSettings, OnlineUser } from '@sayspell/core/protocol/social';
import { categoryOptions } from '@sayspell/core/rules/options';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { profileQuery } from '../api/auth.ts';
import { enterpriseTopicsQuery, trendingTopicsQuery } from '../api/topics.ts';
import { capitalise } from '../components/capitalise.ts';
import { SOURCES, type Source, topicError } from '../routes/home/setup-options.ts';

// the sender picks what to play: the source and its category or topic (My Topics, Trending
// Topics, our categories, Enterprise Topics, as the solo setup offers them; issue 15 item 8), their
// own role and the difficulty, starting from their settings

/** the settings an invite carries for the chosen source; the topic is checked by the caller */
export function inviteSettings(
  v: { source: Source; category: string; topic: string; trending: string; enterprise: string },
  rest: Pick<InviteSettings, 'role' | 'difficulty' | 'language' | 'gameTimer'>,
): InviteSettings {
  if (v.source === CATEGORY_CUSTOM) return { ...rest, category: CATEGORY_CUSTOM, topic: v.topic.trim() };
  if (v.source === 'trending') return { ...rest, category: CATEGORY_CUSTOM, topic: v.trending };
  if (v.source === CATEGORY_ENTERPRISE)
    return { ...rest, category: CATEGORY_ENTERPRISE, topic: v.enterprise };
  return { ...rest, category: v.category };
}

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
  const [source, setSource] = useState<Source>('product');
  const [category, setCategory] = useState(
    saved?.category?.startsWith('category_') &&
      categoryOptions().some((c) => c.value === saved.category && !c.disabled)
      ? saved.category
      : CATEGORY_RANDOM,
  );
  const [topic, setTopic] = useState('');
  const [topicMessage, setTopicMessage] = useState<string | null>(null);
  const [trendingPick, setTrendingPick] = useState<string | null>(null);
  const [enterprisePick, setEnterprisePick] = useState<string | null>(null);
  const [role, setRole] = useState<InviteSettings['role']>(saved?.role ?? 'either');
  const [difficulty, setDifficulty] = useState<InviteSettings['difficulty']>(saved?.difficulty ?? 'beginner');
  const trending = useQuery({ ...trendingTopicsQuery, enabled: source === 'trending' });
  const enterprise = useQuery(enterpriseTopicsQuery);
  const enterpriseTopics = enterprise.data ?? [];
  const trendingTopic = trendingPick ?? trending.data?.[0] ?? '';
  const enterpriseTopic = enterprisePick ?? enterpriseTopics[0] ?? '';
  const nothingToPick =
    (source === 'trending' && !trendingTopic) || (source === CATEGORY_ENTERPRISE && !enterpriseTopic);

  function send() {
    if (nothingToPick) return;
    if (source === CATEGORY_CUSTOM) {
      const problem = topicError(topic);
      setTopicMessage(problem);
      if (problem) return;
    }
    onSend(
      inviteSettings(
        { source, category, topic, trending: trendingTopic, enterprise: enterpriseTopic },
        { role, difficulty, language: saved?.language ?? 'English', gameTimer: 90 },
      ),
    );
  }

  return (
    <Modal opened onClose={onClose} title={`Invite ${user.username}`} centered radius="lg">
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          They see your choice before they accept, and have 30 seconds to answer.
        </Text>
        <Select
          label="Source"
          data={SOURCES.filter((s) => s.value !== CATEGORY_ENTERPRISE || enterpriseTopics.length > 0).map(
            (s) => ({ value: s.value, label: s.label }),
          )}
          value={source}
          onChange={(v) => v && setSource(v as Source)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {source === 'product' && (
          <Select
            label="Category"
            data={categoryOptions().map((c) => ({ value: c.value, label: c.label, disabled: c.disabled }))}
            value={category}
            onChange={(v) => v && setCategory(v)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {source === CATEGORY_CUSTOM && (
          <TextInput
            label="Topic"
            placeholder="e.g. ocean animals"
            value={topic}
            onChange={(e) => {
              setTopic(e.currentTarget.value);
              setTopicMessage(null);
            }}
            error={topicMessage}
            maxLength={60}
            autoComplete="off"
            data-autofocus
          />
        )}
        {source === 'trending' && (
          <Select
            label="Trending topic"
            data={(trending.data ?? []).map((t) => ({ value: t, label: capitalise(t) }))}
            value={trendingTopic || null}
            onChange={(v) => v && setTrendingPick(v)}
            allowDeselect={false}
            placeholder={trending.isPending ? 'Loading topics…' : 'Nothing trending yet'}
            description={
              trending.data?.length === 0 ? 'Nothing trending yet: pick My Topics and type one.' : undefined
            }
            disabled={!trending.data?.length}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {source === CATEGORY_ENTERPRISE && (
          <Select
            label="Enterprise topic"
            data={enterpriseTopics}
            value={enterpriseTopic || null}
            onChange={(v) => v && setEnterprisePick(v)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group grow gap="sm" align="flex-start">
          <Select
            label="Your role"
            data={ROLES.map((r) => ({ value: r, label: capitalise(r) }))}
            value={role}
            onChange={(v) => v && setRole(v as InviteSettings['role'])}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Difficulty"
            data={DIFFICULTIES.map((d) => ({ value: d, label: capitalise(d) }))}
            value={difficulty}
            onChange={(v) => v && setDifficulty(v as InviteSettings['difficulty'])}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={send} disabled={nothingToPick}>
            Send invite
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
