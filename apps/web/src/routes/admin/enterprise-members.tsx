import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { addEnterpriseMemberSchema, type EnterpriseView } from '@sayspell/core/protocol/enterprise';
import { type FormEvent, useState } from 'react';
import { addEnterpriseMember, removeEnterpriseMember } from '../../api/enterprise-admin.ts';
import { fieldErrors } from '../../components/field-errors.ts';
import { FieldWithButton } from './field-with-button.tsx';
import { useEnterpriseChange } from './use-enterprise-change.ts';

// an enterprise's members: registered accounts, added by e-mail or username; they see its topics
// under Enterprise Topics when they set up a game

/** the username of the member added by that e-mail or username */
function memberName(e: EnterpriseView, login: string): string {
  const key = login.toLowerCase();
  return (
    e.members.find((m) => m.username.toLowerCase() === key || m.email?.toLowerCase() === key)?.username ??
    login
  );
}

export function EnterpriseMembers({ enterprise }: { enterprise: EnterpriseView }) {
  const [login, setLogin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useEnterpriseChange(
    (user: string) => addEnterpriseMember(enterprise._id, user),
    (user, changed) => `${memberName(changed, user)} is now a member of ${enterprise.name}.`,
  );
  const remove = useEnterpriseChange(
    (m: { _id: string; username: string }) => removeEnterpriseMember(enterprise._id, m._id),
    (m) => `${m.username} is no longer a member of ${enterprise.name}.`,
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = fieldErrors(addEnterpriseMemberSchema, { user: login });
    setError(found.user);
    if (found.user) return;
    add.mutate(login.trim(), { onSuccess: () => setLogin('') });
  }

  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        Members ({enterprise.members.length})
      </Title>
      {enterprise.members.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No members yet.
        </Text>
      ) : (
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Members">
          {enterprise.members.map((m) => (
            <Group component="li" key={m._id} justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} fz="sm" truncate>
                  {m.username}
                </Text>
                {m.email && (
                  <Text fz="xs" c="dimmed" truncate>
                    {m.email}
                  </Text>
                )}
              </div>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                style={{ flexShrink: 0 }}
                aria-label={`Remove ${m.username}`}
                loading={remove.isPending && remove.variables?._id === m._id}
                onClick={() => remove.mutate(m)}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <form aria-label={`Add a member to ${enterprise.name}`} onSubmit={submit}>
        <FieldWithButton
          label="E-mail or username"
          value={login}
          onChange={setLogin}
          error={error}
          maxLength={254}
          button="Add member"
          loading={add.isPending}
        />
      </form>
    </Stack>
  );
}
