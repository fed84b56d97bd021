import { Button, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { PRODUCT } from '@sayspell/core/constants';
import { useMutation } from '@tanstack/react-query';
import { confirmEula } from '../api/accounts.ts';
import { notifyError } from '../api/notify-error.ts';
import { EULA_RULES } from './eula-rules.ts';
import { RequiredPopup } from './required-popup.tsx';

/** the end-user licence agreement, shown to a registered user until confirmed (§4) */
export function EulaPopup({ userId }: { userId: string }) {
  const confirm = useMutation({
    mutationFn: () => confirmEula(userId),
    onError: (err) => notifyError(err, 'Could not save your answer'),
  });
  return (
    <RequiredPopup title="End-User Licence Agreement">
      <Stack gap="md">
        <Text>
          {PRODUCT} is a place to play with words and with each other. To keep it friendly for everyone, you
          agree not to post or say any of the following in names, chats, custom topics or calls:
        </Text>
        <List
          spacing={6}
          icon={
            <ThemeIcon size={22} radius="xl" color="red" variant="light" aria-hidden="true">
              ×
            </ThemeIcon>
          }
        >
          {EULA_RULES.map((rule) => (
            <List.Item key={rule}>{rule}</List.Item>
          ))}
        </List>
        <Text>
          There is no tolerance for objectionable content or abusive users. Objectionable content is removed
          within 24 hours of notice, and the accounts that posted it may be removed.
        </Text>
        <Button size="md" fullWidth loading={confirm.isPending} onClick={() => confirm.mutate()}>
          I Understand
        </Button>
      </Stack>
    </RequiredPopup>
  );
}
