import { notifications } from '@mantine/notifications';
import type { EnterpriseView } from '@sayspell/core/protocol/enterprise';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enterprisesQuery } from '../../api/enterprise-admin.ts';
import { notifyError } from '../../api/notify-error.ts';
import { enterpriseTopicsQuery } from '../../api/topics.ts';

/** one change to an enterprise: the answer (the enterprise as it now is) replaces it in the list,
 * and a notification says what happened; a refusal shows the server's reason */
export function useEnterpriseChange<T>(
  fn: (input: T) => Promise<EnterpriseView>,
  done: (input: T, changed: EnterpriseView) => string,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (changed, input) => {
      client.setQueryData(enterprisesQuery.queryKey, (list) =>
        list?.some((e) => e._id === changed._id)
          ? list.map((e) => (e._id === changed._id ? changed : e))
          : [...(list ?? []), changed].sort((a, b) => a.name.localeCompare(b.name)),
      );
      // an admin may be a member too: their own Enterprise Topics change with it
      void client.invalidateQueries({ queryKey: enterpriseTopicsQuery.queryKey });
      notifications.show({ color: 'teal', title: 'Saved', message: done(input, changed) });
    },
    onError: (err) => notifyError(err, 'Not saved'),
  });
}
