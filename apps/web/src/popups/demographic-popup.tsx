import { Button, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type Demographic, EDUCATIONS, GENDERS, isValidDob } from '@sayspell/core/protocol/account';
import type { Country } from '@sayspell/core/protocol/countries';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { saveDemographic } from '../api/accounts.ts';
import { CountrySelect } from '../components/country-select.tsx';
import { RequiredPopup } from './required-popup.tsx';

const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  'Non-binary': 'Non-binary',
  other: 'Other',
};

/** today as YYYY-MM-DD in the player's own calendar: the latest date of birth (§5) */
export function todayIso(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

export interface DemographicDraft {
  gender: string | null;
  dob: string;
  country: Country | null;
  education: string | null;
}

/** the form is complete when every field is set and the date is a real one, not after today */
export function completeDemographic(d: DemographicDraft, today = todayIso()): Demographic | null {
  if (!d.gender || !d.country || !d.education || !d.dob) return null;
  if (!isValidDob(d.dob, new Date(`${today}T12:00:00Z`))) return null;
  return {
    gender: d.gender as Demographic['gender'],
    dob: d.dob,
    country: { name: d.country.name, code: d.country.code },
    education: d.education as Demographic['education'],
  };
}

/** the demographic form, required once from registered users (§4, §5); submit waits for every field */
export function DemographicForm({ onSaved }: { onSaved?: () => void }) {
  const [draft, setDraft] = useState<DemographicDraft>({
    gender: null,
    dob: '',
    country: null,
    education: null,
  });
  const today = todayIso();
  const complete = completeDemographic(draft, today);
  const save = useMutation({
    mutationFn: (d: Demographic) => saveDemographic(d),
    onSuccess: () => onSaved?.(),
  });
  const dobError =
    draft.dob && !isValidDob(draft.dob, new Date(`${today}T12:00:00Z`))
      ? 'Please enter a real date, not after today.'
      : undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (complete) save.mutate(complete);
  }

  return (
    <form onSubmit={submit} aria-label="About you">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label="Gender"
            placeholder="Choose"
            data={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
            value={draft.gender}
            onChange={(gender) => setDraft((d) => ({ ...d, gender }))}
            allowDeselect={false}
            size="md"
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Date of birth"
            type="date"
            max={today}
            min="1900-01-01"
            value={draft.dob}
            onChange={(e) => {
              const dob = e.currentTarget.value;
              setDraft((d) => ({ ...d, dob }));
            }}
            error={dobError}
            size="md"
          />
        </SimpleGrid>
        <CountrySelect
          value={draft.country?.code ?? null}
          onChange={(country) => setDraft((d) => ({ ...d, country }))}
        />
        <Select
          label="Education"
          placeholder="Highest level finished"
          data={[...EDUCATIONS]}
          value={draft.education}
          onChange={(education) => setDraft((d) => ({ ...d, education }))}
          allowDeselect={false}
          size="md"
          comboboxProps={{ withinPortal: true }}
        />
        {save.error && (
          <Text c="red" fz="sm" role="alert">
            {save.error.message}
          </Text>
        )}
        <Button type="submit" size="md" fullWidth disabled={!complete} loading={save.isPending}>
          Submit
        </Button>
      </Stack>
    </form>
  );
}

export function DemographicPopup() {
  return (
    <RequiredPopup title="A little about you">
      <Stack gap="md">
        <Text c="dimmed">
          We ask once, to learn who plays and to build better word lists for every age and school level. It is
          never shown to other players.
        </Text>
        <DemographicForm />
      </Stack>
    </RequiredPopup>
  );
}
