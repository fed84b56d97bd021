import { Button, Group, TextInput } from '@mantine/core';

// a text box with its submit button beside it (below it on a narrow screen); the button sits in
// the input's container so it lines up with the box, whatever the label or an error adds

export function FieldWithButton(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  maxLength: number;
  button: string;
  loading: boolean;
}) {
  return (
    <TextInput
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={props.error}
      autoComplete="off"
      maxLength={props.maxLength}
      inputContainer={(box) => (
        <Group gap="sm" align="start">
          <div style={{ flex: '1 1 12rem' }}>{box}</div>
          <Button type="submit" loading={props.loading}>
            {props.button}
          </Button>
        </Group>
      )}
    />
  );
}
