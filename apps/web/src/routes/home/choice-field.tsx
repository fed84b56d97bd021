import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
  disabled?: boolean;
}

/** a labelled row of mutually exclusive choices */
export function ChoiceField<T extends string>({
  label,
  value,
  choices,
  onChange,
  hint,
}: {
  label: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  hint?: string | undefined;
}) {
  const id = useId();
  return (
    <Stack gap={6} role="group" aria-labelledby={id}>
      <Text id={id} component="span" fw={700} fz="sm">
        {label}
      </Text>
      <SegmentedControl
        fullWidth
        name={id}
        value={value}
        onChange={(v) => onChange(v as T)}
        data={choices.map((c) => ({ value: c.value, label: c.label, disabled: c.disabled ?? false }))}
        color="ink"
        withItemsBorders={false}
      />
      {hint && (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
