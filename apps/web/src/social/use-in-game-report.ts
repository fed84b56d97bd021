import { useEffect, useRef } from 'react';
import { request } from '../api/client.ts';
import type { AppSocket } from '../realtime/socket.ts';
import { useSocketEvents } from '../realtime/use-socket-events.ts';

// the player's own presence (§4, §7): entering /game reports inGame true, leaving it reports false,
// so the others' lists say 'In a game' and their Invite button is off (the server fires
// route-update-ingame / route-update-idealgame on each report). the server clears it when the
// player's last socket is gone, so a player back on /game after a long drop tells it again

export const reportInGame = (userId: string, inGame: boolean) =>
  request('/v1/pusher/ingamecheck', { method: 'POST', body: { userId, inGame } });

export function useInGameReport(meId: string, inGame: boolean, socket: AppSocket | null = null) {
  // the last state the server was told; idle needs no report at first (the server starts idle)
  const told = useRef(false);
  useEffect(() => {
    if (told.current === inGame) return;
    told.current = inGame;
    reportInGame(meId, inGame).catch(() => {
      // a failed report is tried again on the next change
      told.current = !inGame;
    });
  }, [meId, inGame]);
  const now = useRef({ meId, inGame });
  now.current = { meId, inGame };
  useSocketEvents(socket, {
    // socket.io's own event on a reconnection: the server may have let the game status go
    connect: () => {
      if (now.current.inGame) void reportInGame(now.current.meId, true).catch(() => {});
    },
  });
  // signing out (the provider unmounts) in a game: the others see the player idle again
  useEffect(
    () => () => {
      if (told.current) void reportInGame(meId, false).catch(() => {});
    },
    [meId],
  );
}
