import { Button, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  CATEGORY_CUSTOM,
  CATEGORY_ENTERPRISE,
  DIFFICULTIES,
  type Difficulty,
  MODE_LABELS,
  type Mode,
  ROLES,
  type Role,
} from '@sayspell/core/constants';
import type { LanguageOption } from '@sayspell/core/protocol/game';
import { categoryLabel, categoryOptions, isRoleAllowed } from '@sayspell/core/rules/options';
import { type FormEvent, type RefObject, useState } from 'react';
import { capitalise } from '../../components/capitalise.ts';
import { ChoiceField } from './choice-field.tsx';
import {
  defaultSetup,
  isTopicSource,
  type SetupValues,
  SOURCES,
  type Source,
  topicError,
} from './setup-options.ts';

const soon = ' (coming soon)';

const ROLE_HINTS: Record<Role | 'solo', string> = {
  solo: 'In solo you spell: our voice says the words.',
  speaker: 'You see each word and say it to your partner.',
  speller: 'Your partner says each word; you type it.',
  either: 'You take whichever role your partner needs.',
};

export interface GameSetupFormProps {
  /** undefined while loading */
  languages: LanguageOption[] | undefined;
  /** false until the player's profile is known */
  ready: boolean;
  starting: boolean;
  onStart: (values: SetupValues) => void;
  /** where the choices start: the player's saved settings */
  initial?: SetupValues;
  /** the most played custom topics; undefined while loading */
  trending?: string[] | undefined;
  /** the player's assigned enterprise topics; the source is offered only when there are some */
  enterpriseTopics?: string[] | undefined;
  /** the topic box, focused again when a topic gave too few words */
  topicRef?: RefObject<HTMLInputElement | null>;
}

export function GameSetupForm({
  languages,
  ready,
  starting,
  onStart,
  initial,
  trending,
  enterpriseTopics,
  topicRef,
}: GameSetupFormProps) {
  const [values, setValues] = useState<SetupValues>(initial ?? defaultSetup);
  const [topicMessage, setTopicMessage] = useState<string | null>(null);
  const set = <K extends keyof SetupValues>(key: K, value: SetupValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const hasEnterprise = (enterpriseTopics?.length ?? 0) > 0;
  // a saved enterprise source falls back to ours when no topics are assigned (any more)
  const source: Source = values.source === CATEGORY_ENTERPRISE && !hasEnterprise ? 'product' : values.source;
  const trendingTopic = trending?.includes(values.trendingTopic)
    ? values.trendingTopic
    : (trending?.[0] ?? '');
  const enterpriseCategory = enterpriseTopics?.includes(values.enterpriseCategory)
    ? values.enterpriseCategory
    : (enterpriseTopics?.[0] ?? '');
  // topic games are solo for now: a partner is found only for our own categories
  const topicGame = isTopicSource(source);
  const noTopicToPick =
    (source === 'trending' && !trendingTopic) || (source === CATEGORY_ENTERPRISE && !enterpriseCategory);

  // until the player picks one, the first enabled language is the choice
  const language =
    languages?.find((l) => l.enabled && l.name === values.language)?.name ||
    languages?.find((l) => l.enabled)?.name ||
    '';
  const mode = topicGame ? 'solo' : values.mode;
  // solo players are always the speller (§5)
  const role: Role = isRoleAllowed(mode, values.role) ? values.role : 'speller';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!language || !ready || noTopicToPick) return;
    if (source === CATEGORY_CUSTOM) {
      const problem = topicError(values.topic);
      setTopicMessage(problem);
      if (problem) {
        topicRef?.current?.focus();
        return;
      }
    }
    onStart({ ...values, source, trendingTopic, enterpriseCategory, language, mode, role });
  }

  return (
    <form onSubmit={submit} aria-label="Game setup">
      <Stack gap="md">
        <ChoiceField<Difficulty>
          label="Difficulty"
          value={values.difficulty}
          choices={DIFFICULTIES.map((d) => ({ value: d, label: capitalise(d) }))}
          onChange={(d) => set('difficulty', d)}
        />

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NativeSelect
            label="Source"
            value={source}
            onChange={(e) => set('source', e.currentTarget.value as Source)}
            data={SOURCES.map((s) => {
              const unavailable = s.value === CATEGORY_ENTERPRISE && !hasEnterprise;
              return {
                value: s.value,
                label: unavailable ? `${s.label} (none assigned)` : s.label,
                disabled: unavailable,
              };
            })}
            radius="md"
            size="md"
          />
          {source === 'product' && (
            <NativeSelect
              label="Category"
              value={values.category}
              onChange={(e) => set('category', e.currentTarget.value)}
              data={categoryOptions().map((c) => ({
                value: c.value,
                label: c.disabled ? c.label + soon : categoryLabel(c.value),
                disabled: c.disabled,
              }))}
              radius="md"
              size="md"
            />
          )}
          {source === CATEGORY_CUSTOM && (
            <TextInput
              ref={topicRef}
              label="Topic"
              placeholder="e.g. ocean animals"
              value={values.topic}
              onChange={(e) => {
                set('topic', e.currentTarget.value);
                setTopicMessage(null);
              }}
              error={topicMessage}
              maxLength={60}
              autoComplete="off"
              radius="md"
              size="md"
            />
          )}
          {source === 'trending' && (
            <NativeSelect
              label="Trending topic"
              value={trendingTopic}
              onChange={(e) => set('trendingTopic', e.currentTarget.value)}
              data={
                trending === undefined
                  ? [{ value: '', label: 'Loading topics…' }]
                  : trending.length === 0
                    ? [{ value: '', label: 'Nothing trending yet' }]
                    : trending.map((t) => ({ value: t, label: capitalise(t) }))
              }
              disabled={!trending?.length}
              description={trending?.length === 0 ? 'Be the first: pick My Topics and type one.' : undefined}
              radius="md"
              size="md"
            />
          )}
          {source === CATEGORY_ENTERPRISE && (
            <NativeSelect
              label="Enterprise topic"
              value={enterpriseCategory}
              onChange={(e) => set('enterpriseCategory', e.currentTarget.value)}
              data={(enterpriseTopics ?? []).map((t) => ({ value: t, label: t }))}
              radius="md"
              size="md"
            />
          )}
        </SimpleGrid>

        <NativeSelect
          label="Language"
          value={language}
          onChange={(e) => set('language', e.currentTarget.value)}
          data={
            languages
              ? languages.map((l) => ({
                  value: l.name,
                  label: l.enabled ? l.name : l.name + soon,
                  disabled: !l.enabled,
                }))
              : [{ value: '', label: 'Loading languages…' }]
          }
          disabled={!languages}
          radius="md"
          size="md"
        />

        <ChoiceField<Mode>
          label="Mode"
          value={mode}
          choices={[
            { value: 'solo', label: MODE_LABELS.solo },
            { value: 'multi', label: MODE_LABELS.multi, disabled: topicGame },
          ]}
          onChange={(m) => set('mode', m)}
          hint={
            topicGame
              ? `Topic games are solo for now. For a partner, pick ${SOURCES[2].label}.`
              : mode === 'multi'
                ? 'We pair you with another player: one says the word, one spells it.'
                : undefined
          }
        />

        <ChoiceField<Role>
          label="Role"
          value={role}
          choices={ROLES.map((r) => ({ value: r, label: capitalise(r), disabled: !isRoleAllowed(mode, r) }))}
          onChange={(r) => set('role', r)}
          hint={ROLE_HINTS[mode === 'solo' ? 'solo' : role]}
        />

        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={starting}
          disabled={!ready || !language || noTopicToPick}
          mt="xs"
        >
          {mode === 'solo' ? 'Start game' : 'Find a partner'}
        </Button>
      </Stack>
    </form>
  );
}
