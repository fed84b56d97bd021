import {
  Box,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DIFFICULTIES,
  type Difficulty,
  MODE_LABELS,
  type Mode,
  ROLES,
  type Role,
} from '@sayspell/core/constants';
import { type UserSettings, userSettingsSchema } from '@sayspell/core/protocol/account';
import { categoryLabel, categoryOptions } from '@sayspell/core/rules/options';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { saveSettings, settingsQuery } from '../../api/accounts.ts';
import { profileQuery } from '../../api/auth.ts';
import { languagesQuery } from '../../api/config.ts';
import { capitalise } from '../../components/capitalise.ts';
import { fieldErrors } from '../../components/field-errors.ts';
import { RegisteredOnly } from '../../components/registered-only.tsx';
import { ChoiceField } from '../home/choice-field.tsx';
import { SoundCard, VoiceCard } from './voice-settings.tsx';

const soon = ' (coming soon)';

/** /setting: the defaults every new game starts from (§3 Settings) */
export function SettingsPage() {
  const profile = useQuery(profileQuery);
  const settings = useQuery(settingsQuery);
  if (profile.data?.role === 'guest') return <RegisteredOnly what="save your game settings" />;
  return (
    <Box maw={720} mx="auto">
      <Stack gap={4} mb="lg">
        <Title order={1}>Settings</Title>
        <Text c="dimmed">
          Your defaults: every new game starts with these, and you can still change them there.
        </Text>
      </Stack>
      <Stack gap="lg">
        {settings.data ? (
          <SettingsForm initial={settings.data} />
        ) : settings.isError ? (
          <Text c="red">{settings.error.message}</Text>
        ) : (
          <Loader type="dots" />
        )}
        <VoiceCard language={settings.data?.language ?? 'English'} />
        <SoundCard />
      </Stack>
    </Box>
  );
}

export function SettingsForm({ initial }: { initial: UserSettings }) {
  const [values, setValues] = useState<UserSettings>(initial);
  const languages = useQuery(languagesQuery);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => saveSettings(values),
    onSuccess: () =>
      notifications.show({ color: 'teal', title: 'Settings saved', message: 'New games start from these.' }),
    onError: (err) => setErrors({ form: err.message }),
  });
  const set = <K extends keyof UserSettings>(key: K, value: UserSettings[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const changed = JSON.stringify(values) !== JSON.stringify(initial) || save.isSuccess;

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = fieldErrors(userSettingsSchema, values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  }

  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <form onSubmit={submit} aria-label="Settings" noValidate>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NativeSelect
              label="Default language"
              value={values.language}
              onChange={(e) => set('language', e.currentTarget.value)}
              data={(languages.data ?? [{ name: values.language, enabled: true }]).map((l) => ({
                value: l.name,
                label: l.enabled ? l.name : l.name + soon,
                disabled: !l.enabled,
              }))}
              error={errors.language}
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
              error={errors.category}
              size="md"
            />
          </SimpleGrid>
          <ChoiceField<Difficulty>
            label="Difficulty"
            value={values.difficulty}
            choices={DIFFICULTIES.map((d) => ({ value: d, label: capitalise(d) }))}
            onChange={(d) => set('difficulty', d)}
          />
          <ChoiceField<Mode>
            label="Mode"
            value={values.mode}
            choices={[
              { value: 'solo', label: MODE_LABELS.solo },
              { value: 'multi', label: MODE_LABELS.multi },
            ]}
            onChange={(m) => set('mode', m)}
          />
          <ChoiceField<Role>
            label="Role"
            value={values.role}
            choices={ROLES.map((r) => ({ value: r, label: capitalise(r) }))}
            onChange={(r) => set('role', r)}
            hint="Your role in partnered games. In solo you are always the speller."
          />
          {errors.form && (
            <Text c="red" fz="sm" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={save.isPending} disabled={!changed && !save.isPending}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
