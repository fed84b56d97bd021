import type { GameState } from '@sayspell/core/game/types';
import { channels } from '@sayspell/core/protocol/channels';
import type { GameView } from '@sayspell/core/protocol/game';
import type { Server } from 'socket.io';
import type { Clock, GameBroadcaster } from '../games/game-service.ts';
import { playerRoom } from './rooms.ts';

// sends each player of a game their own view, through the adapter (so across instances too)

export function createSocketBroadcaster(
  getIo: () => Server | undefined,
  viewFor: (s: GameState, userId: string) => GameView,
  clock: Clock,
): GameBroadcaster {
  const players = (s: GameState) => [s.spellerId, ...(s.speakerId ? [s.speakerId] : [])];

  function sendViews(s: GameState) {
    const io = getIo();
    if (!io) return;
    for (const userId of players(s)) io.to(playerRoom(s.id, userId)).emit('update-game', viewFor(s, userId));
  }

  return {
    started(s) {
      const io = getIo();
      if (!io || s.startsAt === null || s.endsAt === null) return;
      io.to(channels.game(s.id)).emit('start-timer-sync', {
        id: s.id,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        serverNow: clock.now(),
      });
      sendViews(s);
    },
    updated: sendViews,
    finished(s) {
      sendViews(s);
      const io = getIo();
      if (!io) return;
      const results = viewFor(s, s.spellerId).results ?? [];
      const time =
        s.startsAt !== null && s.finishedAt !== null ? Math.round((s.finishedAt - s.startsAt) / 1000) : 0;
      io.to(channels.game(s.id)).emit('finish-game', {
        id: s.id,
        results,
        time,
        reason: s.endedReason ?? 'time',
      });
    },
  };
}
