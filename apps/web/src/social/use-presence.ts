import { PRESENCE_DELAY_MS } from '@sayspell/core/constants';
import type { OnlineUser } from '@sayspell/core/protocol/social';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { notifyError } from '../api/notify-error.ts';
import type { AppSocket } from '../realtime/socket.ts';
import { useOnConnect, useSocketEvents } from '../realtime/use-socket-events.ts';
import { peopleKey } from './people-key.ts';
import { fetchProfiles, setFriend } from './social-api.ts';

// the players online (§4): who is in presence-users, their profiles fetched at most every 500 ms
// as they come, go, start or leave a game, and the friend heart on each

export interface Presence {
  online: OnlineUser[];
  /** fetch the list again on the next tick (a block or a friend changed it) */
  refresh(): void;
  toggleFriend(user: OnlineUser): Promise<void>;
}

/** in-game and idle flags kept as the spec's local storage maps (§3) */
function storeFlags(list: OnlineUser[]) {
  const inGame: Record<string, true> = {};
  const idle: Record<string, true> = {};
  for (const u of list) (u.inGame ? inGame : idle)[u._id] = true;
  localStorage.setItem('ingameusers', JSON.stringify(inGame));
  localStorage.setItem('idealUsers', JSON.stringify(idle));
}

export function usePresenceStore(socket: AppSocket, meId: string): Presence {
  // who is in presence-users; read by the list fetch on its tick, so it is no state of its own
  const members = useRef(new Set<string>());
  const [online, setOnline] = useState<OnlineUser[]>([]);
  const timer = useRef<number | undefined>(undefined);
  const [version, setVersion] = useState(0);
  const client = useQueryClient();

  const refresh = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setVersion((v) => v + 1), PRESENCE_DELAY_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  useEffect(() => {
    if (version === 0) return;
    let stale = false;
    fetchProfiles([...members.current]).then(
      ({ onlineUsers }) => {
        if (stale) return;
        setOnline(onlineUsers);
        storeFlags(onlineUsers);
      },
      () => {},
    );
    return () => {
      stale = true;
    };
  }, [version]);

  useOnConnect(socket, () => {
    socket
      .timeout(10_000)
      .emitWithAck('subscribe', { channel: 'presence-users' })
      .then(
        (ack) => {
          if (!ack.ok || !ack.members) return;
          members.current = new Set(ack.members);
          refresh();
        },
        () => {},
      );
  });

  const left = (userId: string) => {
    members.current.delete(userId);
    refresh();
  };
  useSocketEvents(socket, {
    'member-added': ({ userId }) => {
      members.current.add(userId);
      refresh();
    },
    'user-leave': ({ userId }) => left(userId),
    'member-removed': ({ channel, userId }) => {
      if (channel === 'presence-users') left(userId);
    },
    'route-update-ingame': refresh,
    'route-update-idealgame': refresh,
  });

  const toggleFriend = useCallback(
    async (user: OnlineUser) => {
      await setFriend(meId, user._id, !user.friend).catch(notifyError);
      refresh();
      // the friends list too, offline friends included (use-people)
      void client.invalidateQueries({ queryKey: peopleKey });
    },
    [meId, refresh, client],
  );

  return useMemo(() => ({ online, refresh, toggleFriend }), [online, refresh, toggleFriend]);
}
