import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { NAME_MAX, PASSWORD_MIN, registerSchema, USERNAME_RULE } from '@sayspell/core/protocol/account';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { register } from '../../api/accounts.ts';
import { ApiRequestError } from '../../api/api-error.ts';
import { fieldErrors } from '../../components/field-errors.ts';

export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  name: string;
}

const FIELD_BY_CODE: Record<string, keyof RegisterValues> = {
  USERNAME_TAKEN: 'username',
  EMAIL_TAKEN: 'email',
};

/** the body to post: an empty name is left out, the guest's claim ticket goes along */
export function registerBody(values: RegisterValues, claim: string | undefined) {
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    password: values.password,
    ...(values.name.trim() ? { name: values.name.trim() } : {}),
    ...(claim ? { guestClaim: claim } : {}),
  };
}

/** username, e-mail, password and an optional name; the rules are core's, checked before sending */
export function RegisterForm({
  claim,
  onRegistered,
}: {
  claim: string | undefined;
  onRegistered: (email: string) => void;
}) {
  const [values, setValues] = useState<RegisterValues>({ username: '', email: '', password: '', name: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const submit = useMutation({
    mutationFn: () => register(registerBody(values, claim)),
    onSuccess: (answer) => onRegistered(answer.email),
    onError: (err) => {
      const field = err instanceof ApiRequestError && err.code ? FIELD_BY_CODE[err.code] : undefined;
      if (field) setErrors((e) => ({ ...e, [field]: err.message }));
    },
  });

  const set = (key: keyof RegisterValues, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    // after the first try, fields say at once when they become right
    if (tried) setErrors(fieldErrors(registerSchema, registerBody(next, claim)));
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    const found = fieldErrors(registerSchema, registerBody(values, claim));
    setErrors(found);
    if (Object.keys(found).length === 0) submit.mutate();
  }

  const formError =
    submit.error && !(submit.error instanceof ApiRequestError && FIELD_BY_CODE[submit.error.code ?? ''])
      ? submit.error.message
      : null;

  return (
    <form onSubmit={onSubmit} aria-label="Create your account" noValidate>
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label="Username"
          description={`${USERNAME_RULE[0]?.toUpperCase()}${USERNAME_RULE.slice(1)}.`}
          autoComplete="username"
          value={values.username}
          onChange={(e) => set('username', e.currentTarget.value)}
          error={errors.username}
          size="md"
          required
        />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={errors.email}
          size="md"
          required
        />
        <PasswordInput
          label="Password"
          description={`At least ${PASSWORD_MIN} characters.`}
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set('password', e.currentTarget.value)}
          error={errors.password}
          // PasswordInput does not set it from `error` as the other inputs do
          aria-invalid={errors.password ? true : undefined}
          size="md"
          required
        />
        <TextInput
          label="Name"
          description={`Optional, up to ${NAME_MAX} characters. Shown instead of your username where it fits.`}
          autoComplete="name"
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          size="md"
        />
        <Button type="submit" size="md" fullWidth loading={submit.isPending || submit.isSuccess}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
