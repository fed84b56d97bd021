import { Card, Title } from '@mantine/core';
import { createEnterpriseSchema } from '@sayspell/core/protocol/enterprise';
import { type FormEvent, useState } from 'react';
import { createEnterprise } from '../../api/enterprise-admin.ts';
import { fieldErrors } from '../../components/field-errors.ts';
import { FieldWithButton } from './field-with-button.tsx';
import { useEnterpriseChange } from './use-enterprise-change.ts';

/** a new enterprise, by name; checked with core's schema before the server checks again */
export function NewEnterpriseForm() {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useEnterpriseChange(createEnterprise, (_n, e) => `“${e.name}” was created.`);

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = fieldErrors(createEnterpriseSchema, { name });
    setError(found.name);
    if (found.name) return;
    create.mutate(name.trim(), { onSuccess: () => setName('') });
  }

  return (
    <Card radius="lg" p="lg" withBorder>
      <form aria-label="New enterprise" onSubmit={submit}>
        <Title order={2} fz="h4" mb="sm">
          New enterprise
        </Title>
        <FieldWithButton
          label="Enterprise name"
          value={name}
          onChange={setName}
          error={error}
          maxLength={60}
          button="Create enterprise"
          loading={create.isPending}
        />
      </form>
    </Card>
  );
}
