import { Button, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import {
  DIFFICULTIES,
  type Difficulty,
  MODE_LABELS,
  type Mode,
  ROLES,
  type Role,
} from '@sayspell/core/constants';
import type { LanguageOption } from '@sayspell/core/protocol/game';
import { categoryLabel, categoryOptions, isRoleAllowed } from '@sayspell/core/rules/options';
import { type FormEvent, useState } from 'react';
import { capitalise } from '../../components/capitalise.ts';
import { ChoiceField } from './choice-field.tsx';
import { defaultSetup, type SetupValues, SOURCES, type Source } from './setup-options.ts';

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
}

export function GameSetupForm({ languages, ready, starting, onStart }: GameSetupFormProps) {
  const [values, setValues] = useState<SetupValues>(defaultSetup);
  const set = <K extends keyof SetupValues>(key: K, value: SetupValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  // until the player picks one, the first enabled language is the choice
  const language = values.language || languages?.find((l) => l.enabled)?.name || '';
  const mode = values.mode;
  // solo players are always the speller (§5)
  const role: Role = isRoleAllowed(mode, values.role) ? values.role : 'speller';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!language || !ready) return;
    onStart({ ...values, language, role });
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
            value={values.source}
            onChange={(e) => set('source', e.currentTarget.value as Source)}
            data={SOURCES.map((s) => ({
              value: s.value,
              label: s.available ? s.label : s.label + soon,
              disabled: !s.available,
            }))}
            radius="md"
            size="md"
          />
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
            { value: 'multi', label: MODE_LABELS.multi },
          ]}
          onChange={(m) => set('mode', m)}
          hint={
            mode === 'multi'
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

        <Button type="submit" size="lg" fullWidth loading={starting} disabled={!ready || !language} mt="xs">
          {mode === 'solo' ? 'Start game' : 'Find a partner'}
        </Button>
      </Stack>
    </form>
  );
}
