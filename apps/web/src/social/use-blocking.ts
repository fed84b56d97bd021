import { notifications } from '@mantine/notifications';
import type { InviteView } from '@sayspell/core/protocol/social';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { profileQuery } from '../api/auth.ts';
import { notifyError } from '../api/notify-error.ts';
import { queryClient } from '../api/query-client.ts';
import type { AppSocket } from '../realtime/socket.ts';
import { useSocketEvents } from '../realtime/use-socket-events.ts';
import { peopleKey } from './people-key.ts';
import { reportUser, setBlocked } from './social-api.ts';

// blocking (§4): from the list's menu, or from an invite ('Yes, Block' reports and declines);
// being blocked or unblocked by someone changes the profile and the list

export interface Blocking {
  /** the invite whose sender the player is asked about blocking */
  blockCandidate: InviteView | null;
  toggleBlock(user: { _id: string; username: string }, blocked: boolean): Promise<void>;
  askBlock(invite: InviteView | null): void;
  confirmBlock(block: boolean): Promise<void>;
}

export function useBlockingStore(
  socket: AppSocket,
  meId: string,
  deps: { refreshList(): void; decline(invite: InviteView): Promise<void> },
): Blocking {
  const [blockCandidate, setBlockCandidate] = useState<InviteView | null>(null);
  const client = useQueryClient();
  const now = useRef({ blockCandidate, deps, meId, client });
  now.current = { blockCandidate, deps, meId, client };

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    now.current.deps.refreshList();
    // the blocked list too, offline players included (use-people)
    void now.current.client.invalidateQueries({ queryKey: peopleKey });
  };
  useSocketEvents(socket, { 'block-user': changed });

  const actions = useRef<Omit<Blocking, 'blockCandidate'>>({
    async toggleBlock(user, blocked) {
      try {
        await setBlocked(now.current.meId, user._id, blocked);
        notifications.show(
          blocked
            ? {
                color: 'red',
                title: 'User blocked',
                message: `${user.username} cannot invite you or chat with you.`,
              }
            : { color: 'green', title: 'User unblocked', message: `${user.username} can invite you again.` },
        );
        changed();
      } catch (err) {
        notifyError(err);
      }
    },
    askBlock: setBlockCandidate,
    async confirmBlock(block) {
      const invite = now.current.blockCandidate;
      setBlockCandidate(null);
      if (!invite) return;
      await now.current.deps.decline(invite);
      if (!block) return;
      // 'Yes, Block' reports the user and declines (§4)
      await reportUser(now.current.meId, invite.user._id, 'Blocked from an invite').catch(() => {});
      await actions.toggleBlock(invite.user, true);
    },
  }).current;

  return useMemo(() => ({ blockCandidate, ...actions }), [blockCandidate, actions]);
}
