import { Stack, Text } from '@mantine/core';
import { useId } from 'react';
import classes from './choice-field.module.css';

export interface Choice<T extends string> {
  value: T;
  label: string;
  disabled?: boolean;
}

/** a labelled row of mutually exclusive choices: radio buttons drawn as a segmented control */
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
      <div className={classes.root}>
        {choices.map((c) => (
          <label key={c.value} className={classes.item}>
            <input
              type="radio"
              className={classes.input}
              name={id}
              value={c.value}
              checked={value === c.value}
              disabled={c.disabled ?? false}
              onChange={() => onChange(c.value)}
            />
            <span className={classes.label}>{c.label}</span>
          </label>
        ))}
      </div>
      {hint && (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
