import type { GameState } from '@sayspell/core/game/types';
import { channels } from '@sayspell/core/protocol/channels';
import type { GameDelta, GameUpdate, GameView } from '@sayspell/core/protocol/game';
import type { Server } from 'socket.io';
import type { Clock, GameBroadcaster } from '../games/game-service.ts';
import { playerRoom } from './rooms.ts';

// sends each player of a game their own view, through the adapter (so across instances too).
// full views at the start and the end; after a guess a delta of that player's own view
// (issue 16: the turn's result and the next turn, a few hundred bytes instead of ~3 KB). what a
// guess changed goes to every connection of both players but the one that guessed, whose answer is
// that same delta (or, for the guess that finished the game, the finished view). the same at the
// start: the handshake that started the game answers the started view, and the broadcast skips
// its connection. a client that missed one resyncs by version with a handshake, which answers a
// full view.

/** one player's view of a game, and of a guess's turn (games/game-service.ts) */
export interface PlayerViews {
  viewFor(s: GameState, userId: string): GameView;
  deltaFor(s: GameState, userId: string, answered: number): GameDelta;
}

export function createSocketBroadcaster(
  getIo: () => Server | undefined,
  { viewFor, deltaFor }: PlayerViews,
  clock: Clock,
): GameBroadcaster {
  const players = (s: GameState) => [s.spellerId, ...(s.speakerId ? [s.speakerId] : [])];

  function send(s: GameState, payloadFor: (userId: string) => GameUpdate, except?: string) {
    const io = getIo();
    if (!io) return;
    for (const userId of players(s)) {
      const room = io.to(playerRoom(s.id, userId));
      (except ? room.except(except) : room).emit('update-game', payloadFor(userId));
    }
  }

  const sendViews = (s: GameState) => send(s, (userId) => viewFor(s, userId));

  return {
    started(s, origin) {
      const io = getIo();
      if (!io || s.startsAt === null || s.endsAt === null) return;
      io.to(channels.game(s.id)).emit('start-timer-sync', {
        id: s.id,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        serverNow: clock.now(),
      });
      // the handshake that started the game has the started view in its answer
      send(s, (userId) => viewFor(s, userId), origin);
    },
    updated(s: GameState, applied?: { guessIndex: number; origin?: string }) {
      // a guess answers the current word and moves on by one: the word answered is the one before
      const index = applied?.guessIndex ?? s.currentIndex - 1;
      if (index < 0 || !s.words[index]?.used) return sendViews(s);
      send(s, (userId) => deltaFor(s, userId, index), applied?.origin);
    },
    finished(s, ended) {
      const io = getIo();
      if (!io) return;
      // each player's view built once, for the broadcast and for finish-game's results
      const views = new Map<string, GameView>();
      const viewOf = (userId: string) => {
        let view = views.get(userId);
        if (!view) {
          view = viewFor(s, userId);
          views.set(userId, view);
        }
        return view;
      };
      // the guess that finished the game has the finished view in its answer
      send(s, viewOf, ended?.origin);
      const results = viewOf(s.spellerId).results ?? [];
      const time =
        s.startsAt !== null && s.finishedAt !== null ? Math.round((s.finishedAt - s.startsAt) / 1000) : 0;
      io.to(channels.game(s.id)).emit('finish-game', {
        id: s.id,
        results,
        time,
        reason: s.endedReason ?? 'time',
        ...(ended?.leftBy ? { leftBy: ended.leftBy } : {}),
      });
    },
  };
}
